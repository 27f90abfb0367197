import { expect, test, type Page, type Route } from '@playwright/test';
import { bookingReference } from '../src/shared/product';
import { torontoDateKey } from '../src/shared/rules/week';
import type { FamilyResponse } from '../src/shared/schemas/family';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import type { RosterResponse } from '../src/shared/schemas/sessions';
import { expectNoSeriousA11yViolations } from './support/axe';
import { demoAccounts, openApp, saveScreenshot, signIn } from './support/login';

// Issue 31 at the door, on a phone (390 px): a child whose notes need attention carries a 'Needs attention' flag on
// the session's roster and on the Check-in tab, the notes open on a tap, and the guardians' phones are tap-to-call
// links. Runs on the office's server (a session of today shows on every calendar; playwright.config.ts).
//
// Everything is real: the family, its booking and the session are made through the API, and the family writes Ivy's
// notes (with the flag) and its guardian's phone through its own Family routes. Only the printed page's forty rows
// are the real answer padded (as e2e/admin-front-desk.spec.ts does).
test.describe.configure({ mode: 'serial' });
// A phone at the door: the flag is tapped, not clicked.
test.use({ hasTouch: true });

const stamp = Date.now().toString(36);
const family = { firstName: 'Flo', lastName: `Flag ${stamp}`, email: `flo.flag.${stamp}@example.com`, password: `Flag-${stamp}-Kite-7` };
const location = `Flag Court ${stamp}`;
const note = `Bee sting allergy ${stamp}: EpiPen in the front pocket of her bag`;
const phone = '416-555-0147';
let sessionId = '';
let familyId = '';
let reference = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  // A session a quarter of an hour from now, on today's Toronto date (a run in the last minutes before midnight skips).
  const startsAt = new Date(Math.ceil((Date.now() + 15 * 60_000) / 60_000) * 60_000);
  test.skip(torontoDateKey(startsAt) !== torontoDateKey(new Date()), 'Too close to midnight in Toronto for a session of today');
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const created = await api.post('/api/admin/users', {
    data: { ...family, planTier: 'TWO', firstChildName: 'Ivy', firstChildWeeklyLimit: 2, firstChildBirthDate: '2014-05-10', firstChildSex: 'F', secondChildName: 'Otto', secondChildWeeklyLimit: 2, secondChildBirthDate: '2014-05-10', secondChildSex: 'M' },
  });
  expect(created.status(), await created.text()).toBe(201);
  familyId = ((await created.json()) as { id: string }).id;
  const classType = ((await (await api.get('/api/classes')).json()) as ClassTypeDto[]).find((c) => !c.girlsOnly)!;
  const session = await api.post('/api/admin/sessions', {
    data: { classTypeId: classType.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), capacity: 8, location },
  });
  expect(session.status(), await session.text()).toBe(201);
  sessionId = ((await session.json()) as { id: string }).id;

  const parent = await playwright.request.newContext({ baseURL });
  expect((await parent.post('/api/auth/login', { data: family })).status()).toBe(200);
  const booked = await parent.post('/api/bookings', { data: { sessionId, childNames: ['Ivy', 'Otto'] } });
  expect(booked.status(), await booked.text()).toBe(201);
  reference = bookingReference(((await booked.json()) as { id: string }).id);
  // The family records Ivy's notes as needing attention, and its guardian's phone (the Family page's routes).
  const own = (await (await parent.get('/api/me/family')).json()) as FamilyResponse;
  const ivy = own.children.find((child) => child.name === 'Ivy')!;
  const flagged = await parent.patch(`/api/me/family/children/${ivy.id}`, { data: { medicalNotes: note, needsAttention: true } });
  expect(flagged.status(), await flagged.text()).toBe(200);
  const called = await parent.patch('/api/me/guardian', { data: { phone } });
  expect(called.status(), await called.text()).toBe(200);
  await parent.dispose();
  await api.dispose();
});

// Leave nothing behind (as e2e/admin-check-in.spec.ts): the session cancelled, the family deleted.
test.afterAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  if (sessionId) await api.post(`/api/admin/sessions/${sessionId}/cancel`);
  if (familyId) await api.delete(`/api/admin/users/${familyId}`);
  await api.dispose();
});

const guardianName = () => `${family.firstName} ${family.lastName}`;

/** For the printed page: the roster's real answer padded to `count` children (copies of Ivy, flagged). */
async function padRoster(page: Page, count: number): Promise<void> {
  await page.route('**/api/admin/sessions/*/roster', async (route: Route) => {
    const response = await route.fetch();
    const roster = (await response.json()) as RosterResponse;
    const ivy = roster.children.find((child) => child.childName === 'Ivy')!;
    for (let i = roster.children.length; i < count; i++) roster.children.push({ ...ivy, childName: `Child ${String(i + 1).padStart(2, '0')}` });
    await route.fulfill({ response, json: roster });
  });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('at 390 px the roster and the door flag Ivy, her notes open on a tap, and the guardian’s phone is a tap-to-call link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.admin);
  // The office's answers carry the flag, Ivy's notes (Otto's none) and the phone.
  const answer = (await (await page.request.get(`/api/admin/sessions/${sessionId}/roster`)).json()) as RosterResponse;
  expect(answer.children.map((child) => [child.childName, child.needsAttention, child.medicalNotes, child.guardians])).toEqual([
    ['Ivy', true, note, [{ name: guardianName(), phone }]],
    ['Otto', false, null, [{ name: guardianName(), phone }]],
  ]);

  // The session's roster: a card per child.
  await openApp(page, `/admin/sessions/${sessionId}`);
  const ivy = page.getByRole('row', { name: /Ivy/ });
  const otto = page.getByRole('row', { name: /Otto/ });
  const flag = ivy.getByRole('button', { name: 'Needs attention, notes for Ivy' });
  await expect(flag).toBeVisible();
  await expect(flag).toHaveText(/Needs attention/);
  await expect(otto).toBeVisible();
  await expect(otto.getByRole('button', { name: /Needs attention/ })).toHaveCount(0);
  await expect(ivy.getByText(note)).toBeHidden();
  const box = (await flag.boundingBox())!;
  expect(box.height, 'a touch target of at least 44 px').toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await flag.tap();
  await expect(flag).toHaveAttribute('aria-expanded', 'true');
  await expect(ivy.getByRole('region', { name: 'Notes for Ivy' })).toHaveText(note);
  const call = ivy.getByRole('link', { name: `Call ${guardianName()}, ${phone}` });
  await expect(call).toHaveAttribute('href', 'tel:+14165550147');
  await expect(call).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'the roster with a flagged child, notes open, at 390 px');
  await saveScreenshot(page, 'door-flags-roster-390');

  // Printed, the roster keeps the flag and not the notes (as its CSV), and forty flagged children with their
  // guardians' phones still fit one Letter page (e2e/admin-front-desk.spec.ts prints the plain roster).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(ivy.getByText('Needs attention')).toBeVisible();
  await expect(ivy.getByText(phone)).toBeVisible();
  await expect(ivy.getByText(note)).toBeHidden();
  await padRoster(page, 40);
  await page.reload();
  await expect(page.getByRole('cell', { name: /^Child 40/ })).toBeVisible();
  const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? [], 'pages of the printed roster').toHaveLength(1);
  await page.unroute('**/api/admin/sessions/*/roster');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });

  // The Check-in tab: the booking found by its reference, then the keyboard opens the notes.
  await openApp(page, '/admin?tab=check-in');
  await page.getByRole('group', { name: 'Today’s sessions' }).getByRole('button', { name: new RegExp(location) }).click();
  const rosterList = page.getByRole('region', { name: 'Children booked' });
  await expect(rosterList.getByRole('button', { name: 'Needs attention, notes for Ivy' })).toBeVisible();
  const field = page.getByLabel('Booking reference');
  await field.fill(reference);
  await field.press('Enter');
  const found = page.getByRole('region', { name: `Booking ${reference}` });
  await expect(found.getByRole('link', { name: `Call ${guardianName()}, ${phone}` })).toHaveAttribute('href', 'tel:+14165550147');
  const foundFlag = found.getByRole('button', { name: 'Needs attention, notes for Ivy' });
  await expect(found.getByRole('button', { name: 'Check in Otto' })).toBeVisible();
  await foundFlag.focus();
  await page.keyboard.press('Enter');
  await expect(found.getByRole('region', { name: 'Notes for Ivy' })).toHaveText(note);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'the Check-in tab with a flagged child, notes open, at 390 px');
  await saveScreenshot(page, 'door-flags-check-in-390');
});
