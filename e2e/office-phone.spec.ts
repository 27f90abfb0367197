import type { Locator, Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import { torontoDateKey } from '../src/shared/rules/week';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import { sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test } from './support/family';
import { demoAccounts, notifications, openApp, saveScreenshot, signIn } from './support/login';

// Issue 33, item 3: the office on a phone (390 px). The numbers fold into one line so the tabs are on the first
// screen; all eight tabs show without sideways scrolling and each opens by touch and by keyboard; picking a session in
// Check-in brings its roster into view; a users search brings its results into view; and the front desk moves a
// family's booking to Thursday by jumping to the day. Reads the seed; the move is of the test's own family.
test.use({ timezoneId: 'Asia/Tokyo', viewport: { width: 390, height: 844 } });

const TABS = ['Sessions', 'Reservations', 'Classes', 'Users', 'Check-in', 'Activity', 'Settings', 'Mapping', 'Logs'] as const;

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/**
 * What was asked for is in view: its heading starts just below the sticky top bar, or the page is scrolled as far as
 * it goes (a short page: the heading then sits lower, with everything below it on screen).
 */
async function expectBroughtUp(page: Page, target: Locator, what: string): Promise<void> {
  await expect(async () => {
    const box = (await target.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    const atEnd = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
    expect(box.y, `${what} starts below the top bar`).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(atEnd || box.y < header.y + header.height + 120, `${what} starts near the top of the screen, or the page is at its end`).toBe(true);
  }).toPass({ timeout: 5_000 });
}

test('at 390 px the numbers fold into a line and every tab is on the first screen, by touch and by keyboard', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin');
  const summary = page.getByRole('button', { name: /^Statistics/ });
  await expect(summary).toHaveAttribute('aria-expanded', 'false');
  await expect(summary).toContainText(/\d+ today · \d+ capacity alerts? · \d+ booked this week/, { timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Statistics' })).toBeHidden();
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  for (const name of TABS) await expect(tabs.getByRole('tab', { name }), name).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, 'the admin area');
  await saveScreenshot(page, 'office-phone-first-screen-390', { fullPage: false });

  // The summary opens the five cards and closes them again.
  await summary.click();
  const cards = page.getByRole('list', { name: 'Statistics' });
  await expect(cards.getByRole('listitem')).toHaveCount(5);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Total Parents' }).getByText(/^\d+$/)).toBeVisible();
  await saveScreenshot(page, 'office-phone-stats-open-390', { fullPage: false });
  await summary.click();
  await expect(cards).toBeHidden();

  // Keyboard: the arrow keys walk the tabs (Radix's roving focus), End reaches Logs; Check-in opens with Enter.
  await tabs.getByRole('tab', { name: 'Sessions' }).focus();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Logs' })).toBeFocused();
  // Radix moves the focus on a timer after each key, so each step is awaited before the next key (as a person's eye).
  for (const name of ['Mapping', 'Settings', 'Activity', 'Check-in']) {
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: 'Check-in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Check-in' })).toBeVisible();

  // Every tab by touch, none scrolling the page sideways.
  for (const name of TABS) {
    await tabs.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectNoSidewaysScroll(page, `the ${name} tab`);
  }
});

test('at 390 px picking a session in Check-in brings its roster into view', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin?tab=check-in');
  const todays = page.getByRole('group', { name: 'Today’s sessions' });
  const choices = todays.getByRole('button');
  await expect(choices.first()).toBeVisible({ timeout: 15_000 });
  // The last of today's sessions: on a phone its roster opens below the whole list.
  const last = choices.last();
  await last.scrollIntoViewIfNeeded();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  const heading = page.getByRole('tabpanel', { name: 'Check-in' }).getByRole('heading', { level: 3 });
  await expect(heading).toBeVisible();
  await expectBroughtUp(page, heading, 'the roster');
  // The page moved to it (the picked session's card was at the bottom of the list).
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledBefore);
  await expect(page.getByLabel('Booking reference')).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Children booked' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'Check-in');
  await saveScreenshot(page, 'office-phone-check-in-roster-390', { fullPage: false });
});

test('at 390 px a users search brings its results into view', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin?tab=users');
  const panel = page.getByRole('tabpanel', { name: 'Users' });
  await expect(panel.getByText(/^Showing \d+ - \d+ of \d+ users$/)).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await panel.getByRole('searchbox', { name: 'Search users' }).fill('Priya');
  const result = panel.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Edit Priya Patel' });
  await expect(panel.getByText(/^Showing 1 - \d+ of \d+ users$/)).toBeVisible();
  await expect(result).toBeInViewport();
  await expect(panel.getByRole('searchbox', { name: 'Search users' })).toBeInViewport();
  await saveScreenshot(page, 'office-phone-users-search-390', { fullPage: false });
});

test("at 390 px the front desk moves a family's booking to Thursday by jumping to the day", async ({ page, family }) => {
  // The family's booking (e2e/support/family.ts): next Tuesday's Basketball Skills Lab for Ava (11, a girl). Thursday
  // next week: a seeded session of a class for her age, with room.
  const thursday = torontoSlot(1, WEEKDAY.thursday, 12, 0);
  const day = torontoDateKey(thursday);
  await signIn(page, demoAccounts.admin);
  const list = (await (await page.request.get(`/api/sessions?from=${day}&to=${day}&limit=100&page=1`)).json()) as SessionsListResponse;
  const target = list.sessions.find(
    (s) => s.status === 'SCHEDULED' && s.availableSpots > 0 && (s.classType.minAge ?? 0) <= 10 && (s.classType.maxAge ?? 99) >= 12,
  );
  expect(target, `a seeded Thursday session on ${day} with room`).toBeDefined();

  await openApp(page, `/admin/users/${family.id}`);
  await page.getByRole('button', { name: /^Reschedule NB-/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await waitForSessions(dialog);
  const thursdayCell = dialog.getByRole('group', { name: formatLongDate(thursday), exact: true });
  await expect(thursdayCell).not.toBeInViewport();
  await dialog.getByRole('button', { name: `Go to ${formatLongDate(thursday)}` }).click();
  await expect(thursdayCell).toBeFocused();
  await expect(thursdayCell).toBeInViewport();
  await saveScreenshot(page, 'office-phone-reschedule-jump-390', { fullPage: false });
  await sessionCard(dialog, target!.classType.name, new Date(target!.startsAt)).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(notifications(page).getByText('Booking Rescheduled', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the family page');
});
