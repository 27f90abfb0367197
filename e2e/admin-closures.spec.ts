import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { torontoDateKey } from '../src/shared/rules/week';
import { dashboardCalendar, dayCell, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, signIn } from './support/login';

// Issue 32, closures: the office closes a day through its API (next week's Sunday, which no other journey books; on
// the office's own server, see playwright.config.ts) and the parent calendar shows 'Closed — <reason>' in that day's
// section at 390 px (and in its column at 1280 px). The day is reopened afterwards (its sessions stay cancelled).

const REASON = 'E2E snow day';

let office: APIRequestContext;
let closureId: string | undefined;

test.beforeAll(async ({ baseURL }) => {
  office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const day = torontoDateKey(torontoSlot(1, WEEKDAY.sunday, 12, 0));
  const closed = await office.post('/api/admin/closures', { data: { startDate: day, endDate: day, reason: REASON } });
  expect(closed.status(), await closed.text()).toBe(201);
  closureId = ((await closed.json()) as { closure: { id: string } }).closure.id;
});

test.afterAll(async () => {
  if (closureId) expect((await office.delete(`/api/admin/closures/${closureId}`)).status()).toBe(200);
  await office.dispose();
});

test("a closed day reads 'Closed — <reason>' on the parent calendar, at 390 px and at 1280 px", async ({ page }) => {
  const sunday = torontoSlot(1, WEEKDAY.sunday, 12, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await calendar.getByRole('button', { name: 'Next week' }).click();
  const closed = dayCell(calendar, sunday).getByText(`Closed — ${REASON}`, { exact: true });
  await expect(closed).toBeVisible();
  // Only that day is marked, and the phone page does not scroll sideways.
  await expect(calendar.getByText(/^Closed — /)).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await closed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/closures-390.png' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(closed).toBeVisible();
  const box = await closed.boundingBox();
  const column = await dayCell(calendar, sunday).boundingBox();
  expect(box && column && box.x >= column.x && box.x + box.width <= column.x + column.width + 1).toBe(true);
});

test('the office sees the closure in the Sessions tab, and at 390 px the Close Days dialog says what closing would cancel', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.admin);
  await page.getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Closed days' });
  await expect(section.getByText(REASON)).toBeVisible();
  await section.getByRole('button', { name: 'Close Days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close Days' });
  // Next week's Saturday: seeded sessions with bookings (only previewed here, never closed).
  await dialog.getByLabel('First day').fill(torontoDateKey(torontoSlot(1, WEEKDAY.saturday, 12, 0)));
  await dialog.getByLabel('Reason').fill('Preview only');
  await expect(dialog.getByText(/^This cancels \d+ sessions? .*and emails \d+ famil(y|ies)\. This cannot be undone/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close Days' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/close-days-390.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
