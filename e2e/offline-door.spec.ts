import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { bookingReference } from '../src/shared/product';
import { torontoDateKey } from '../src/shared/rules/week';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import { demoAccounts, openApp, saveScreenshot, signIn } from './support/login';

// Issue 34, the door without Wi-Fi, in Chromium: the demo coach loads today's session at the door, the network is cut,
// the page is even reloaded; a reference is still found and three children are checked in on the device (the banner
// counts them) while one family cancels its booking elsewhere; with the network back the check-ins are sent, the
// server's records match, and the cancelled one is shown to the coach as a conflict until dismissed.
test.use({ serviceWorkers: 'allow' });

const stamp = Date.now().toString(36);
const location = `Offline Court ${stamp}`;
let sessionId = '';
const families: Array<{ id: string; email: string; password: string; bookingId: string; reference: string; api: APIRequestContext }> = [];
let office: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  const startsAt = new Date(Math.ceil((Date.now() + 15 * 60_000) / 60_000) * 60_000);
  test.skip(torontoDateKey(startsAt) !== torontoDateKey(new Date()), 'Too close to midnight in Toronto for a session of today');
  office = await playwright.request.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const classType = ((await (await office.get('/api/classes')).json()) as ClassTypeDto[]).find((c) => !c.girlsOnly && c.minAge === null) ??
    ((await (await office.get('/api/classes')).json()) as ClassTypeDto[]).find((c) => !c.girlsOnly)!;
  const created = await office.post('/api/admin/sessions', {
    data: { classTypeId: classType.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), capacity: 8, location },
  });
  expect(created.status(), await created.text()).toBe(201);
  sessionId = ((await created.json()) as { id: string }).id;
  const birthDate = `${new Date().getFullYear() - 11}-03-10`;
  for (const [last, kids] of [
    ['Oakes', ['Mila', 'Nico']],
    ['Fenn', ['Ivy']],
  ] as const) {
    const family = { firstName: 'Olga', lastName: `${last} ${stamp}`, email: `offline.${last.toLowerCase()}.${stamp}@example.com`, password: `Door-${stamp}-Kite-7` };
    const body: Record<string, unknown> = { ...family, planTier: 'TWO' };
    kids.forEach((name, index) => {
      const slot = index === 0 ? 'first' : 'second';
      Object.assign(body, { [`${slot}ChildName`]: name, [`${slot}ChildWeeklyLimit`]: 2, [`${slot}ChildBirthDate`]: birthDate, [`${slot}ChildSex`]: 'F' });
    });
    const made = await office.post('/api/admin/users', { data: body });
    expect(made.status(), await made.text()).toBe(201);
    const api = await playwright.request.newContext({ baseURL });
    expect((await api.post('/api/auth/login', { data: family })).status()).toBe(200);
    const booked = await api.post('/api/bookings', { data: { sessionId, childNames: [...kids] } });
    expect(booked.status(), await booked.text()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    families.push({ id: ((await made.json()) as { id: string }).id, email: family.email, password: family.password, bookingId, reference: bookingReference(bookingId), api });
  }
});

test.afterAll(async () => {
  if (sessionId) await office.post(`/api/admin/sessions/${sessionId}/cancel`);
  for (const family of families) {
    await family.api.dispose();
    await office.delete(`/api/admin/users/${family.id}`);
  }
  await office.dispose();
});

async function goOffline(context: BrowserContext, page: Page, offline: boolean) {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

test('at the door without a network: found, checked in, sent on reconnection, one conflict shown', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { email: 'coach@example.com', password: 'coach-demo-1' });
  await openApp(page, '/admin');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('group', { name: 'Today’s sessions' }).getByRole('button', { name: new RegExp(location) }).click();
  const booked = page.getByRole('heading', { name: 'Children booked' }).locator('..');
  await expect(booked.getByText('Ivy', { exact: true })).toBeVisible();

  // The network goes; the page is reloaded from the device (the worker kept the day's sessions and the roster).
  await goOffline(context, page, true);
  await page.reload();
  await page.getByRole('group', { name: 'Today’s sessions' }).getByRole('button', { name: new RegExp(location) }).click();
  await expect(page.getByText(/No connection\./)).toBeVisible();
  await expect(booked.getByText('Ivy', { exact: true })).toBeVisible();

  const [oakes, fenn] = families;
  await page.getByLabel('Booking reference').fill(oakes!.reference);
  await page.getByRole('button', { name: 'Find booking' }).click();
  const found = page.getByRole('region', { name: `Booking ${oakes!.reference}` });
  await found.getByRole('button', { name: 'Check in Mila' }).click();
  await found.getByRole('button', { name: 'Check in Nico' }).click();
  await booked.getByRole('button', { name: 'Check in Ivy' }).click();
  await expect(page.getByText(/3 check-ins wait to be sent/)).toBeVisible();
  await expect(booked.getByText('Saved on this device, waiting to be sent')).toHaveCount(3);
  await saveScreenshot(page, 'offline-door-waiting-390');

  // Meanwhile the Fenn family cancels (on their own phone, which has a network).
  expect((await fenn!.api.post(`/api/bookings/${fenn!.bookingId}/cancel`)).status()).toBe(200);

  await goOffline(context, page, false);
  const refused = page.getByRole('alert', { name: 'Check-ins the server refused' });
  await expect(refused).toContainText(`Check-in of Ivy (${fenn!.reference}`);
  await expect(refused).toContainText(`: ${fenn!.reference} was cancelled.`);
  await expect(refused).not.toContainText('409');
  await expect(page.getByText(/wait to be sent/)).toHaveCount(0);
  await saveScreenshot(page, 'offline-door-conflict-390');

  // The server has the two check-ins, at the times they were made.
  const roster = (await (await office.get(`/api/admin/sessions/${sessionId}/roster`)).json()) as { children: Array<{ childName: string; checkedInAt: string | null; checkedInBy: string | null }> };
  expect(roster.children.filter((child) => child.checkedInAt).map((child) => [child.childName, child.checkedInBy])).toEqual([
    ['Mila', 'Cory Coach'],
    ['Nico', 'Cory Coach'],
  ]);

  await refused.getByRole('button', { name: 'Dismiss: Ivy' }).click();
  await expect(refused).toHaveCount(0);
});
