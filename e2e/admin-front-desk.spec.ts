import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addDays, addWeeks } from 'date-fns';
import { startOfTorontoWeek, torontoDateKey, torontoTime } from '../src/shared/rules/week';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import { sessionCard } from './support/calendar';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';
import { waitForMail } from './support/mailbox';

// Issue 19, the front desk, as the office works a Monday: a parent phones to cancel (from Reservations), a
// grandmother calls to book three weeks ahead (from the family page), a family asks to move it, and a family
// leaves with bookings still ahead. One family of its own, followed from test to test; runs on the office's server.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const family = { firstName: 'Rosa', lastName: `Frontdesk ${stamp}`, email: `rosa.frontdesk.${stamp}@example.com`, password: `Desk-${stamp}-Kite-7` };
const familyName = `${family.firstName} ${family.lastName}`;
const location = `Front Desk Court ${stamp}`;

/** `hour`:`minute` Toronto on `weekday` (0 = Monday) of the week `weeks` after this one. */
function slot(weeks: number, weekday: number, hour: number, minute = 0): Date {
  const day = addDays(addWeeks(startOfTorontoWeek(new Date()), weeks), weekday);
  return new Date(torontoTime(day.getFullYear(), day.getMonth() + 1, day.getDate(), hour, minute).getTime());
}

const nextWeekSession = slot(1, 1, 7, 15);
const farSession = slot(3, 2, 7, 15);
const farOther = slot(3, 4, 7, 45);
let className = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const created = await api.post('/api/admin/users', {
    data: { ...family, planTier: 'TWO', firstChildName: 'Mia', firstChildWeeklyLimit: 2, firstChildBirthDate: '2014-05-10', firstChildSex: 'F', secondChildName: 'Noah', secondChildWeeklyLimit: 1, secondChildBirthDate: '2014-05-10', secondChildSex: 'M' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classType = ((await (await api.get('/api/classes')).json()) as ClassTypeDto[])[0]!;
  className = classType.name;
  const ids: string[] = [];
  for (const startsAt of [nextWeekSession, farSession, farOther]) {
    const res = await api.post('/api/admin/sessions', {
      data: { classTypeId: classType.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), capacity: 8, location },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  // The family books next week's session itself.
  const parent = await playwright.request.newContext({ baseURL });
  expect((await parent.post('/api/auth/login', { data: family })).status()).toBe(200);
  const booked = await parent.post('/api/bookings', { data: { sessionId: ids[0], childNames: ['Noah'] } });
  expect(booked.status(), await booked.text()).toBe(201);
  await parent.dispose();
  await api.dispose();
});

async function openFamilyPage(page: Page) {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(family.email);
  // The search has answered (a click on the unfiltered list's row can land on a row the answer replaces).
  await expect(page.getByText('Showing 1 - 1 of 1 users')).toBeVisible();
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: familyName }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: familyName })).toBeVisible();
}

test('an admin cancels a family’s booking from Reservations, with a note, and the family is told', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Reservations' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Reservations' });
  await tab.getByLabel('Rows per page').selectOption('100');
  const row = tab.getByRole('row').filter({ hasText: familyName });
  await expect(row).toContainText('Noah');
  await expect(row).toContainText('Family');
  await row.getByRole('button', { name: /^Cancel NB-/ }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(dialog).toContainText(familyName);
  await dialog.getByLabel(/Note for the office/).fill('Noah is sick (phoned in)');
  await saveScreenshot(page, 'front-desk-cancel-dialog-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(notifications(page).getByText('Booking Cancelled', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel NB-/ })).toHaveCount(0);

  const mail = await waitForMail(page.request, { to: family.email, subjectStartsWith: 'Booking cancelled' });
  expect(mail.text).toContain('Noah');
});

test('an admin books a child from the family page into a session three weeks ahead', async ({ page }) => {
  await openFamilyPage(page);
  const children = page.getByRole('table', { name: /Children and their sessions/ });
  await expect(children.getByRole('row').filter({ hasText: 'Mia' })).toContainText('0 used, 2 left');
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible(); // the office's cancellation, in its activity
  await saveScreenshot(page, 'front-desk-family-desktop');

  await page.getByRole('button', { name: 'Book for this family' }).click();
  const dialog = page.getByRole('dialog', { name: `Book for ${familyName}` });
  for (let week = 0; week < 3; week++) await dialog.getByRole('button', { name: 'Next week' }).click();
  await expect(dialog.getByText('Any future week')).toBeVisible();
  await sessionCard(dialog, className, farSession).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('2 of 2 left that week')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Mia/ }).check();
  await dialog.getByLabel(/Note for the office/).fill('Grandmother phoned');
  await saveScreenshot(page, 'front-desk-book-dialog-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(notifications(page).getByText('Booking Confirmed', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const upcoming = page.getByRole('table', { name: 'Upcoming bookings' });
  const row = upcoming.getByRole('row').filter({ hasText: 'Mia' });
  await expect(row).toContainText('Office (Adam Archer)');
  await expect(row).toContainText('Note: Grandmother phoned');
  await expect(page.getByText('Grandmother phoned').last()).toBeVisible();
  await waitForMail(page.request, { to: family.email, subjectStartsWith: 'Booking confirmed' });
});

test('an admin reschedules that booking to another session of the same week', async ({ page }) => {
  await openFamilyPage(page);
  const row = page.getByRole('table', { name: 'Upcoming bookings' }).getByRole('row').filter({ hasText: 'Mia' });
  await row.getByRole('button', { name: /^Reschedule NB-/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  // The picker opens on the booking's own week.
  await sessionCard(dialog, className, farOther).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(/Note for the office/).fill('Family asked for Friday');
  await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(notifications(page).getByText('Booking Rescheduled', { exact: true })).toBeVisible();
  await expect(page.getByText('Rescheduled', { exact: true }).first()).toBeVisible();
  await waitForMail(page.request, { to: family.email, subjectStartsWith: 'Booking rescheduled' });

  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'front-desk-family-mobile');
});

test('the roster of a session lists who is coming, prints and exports', async ({ page }) => {
  await openFamilyPage(page);
  // From the family page's booking to the session's roster: the Sessions tab links each class to it.
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const sessionsTab = page.getByRole('tabpanel', { name: 'Sessions' });
  await sessionsTab.getByLabel('Date', { exact: true }).fill(torontoDateKey(farOther));
  const sessionRow = sessionsTab.getByRole('row').filter({ hasText: location });
  await expect(sessionRow).toHaveCount(1);
  await sessionRow.getByRole('link', { name: className }).click();
  await expect(page).toHaveURL(/\/admin\/sessions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('cell', { name: 'Mia', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Mia' })).toContainText(family.email);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await fs.readFile((await (await downloading).path())!, 'utf8');
  expect(csv).toContain(`Mia,${familyName},${family.email}`);
  await saveScreenshot(page, 'front-desk-roster-desktop');
  await page.emulateMedia({ media: 'print' });
  await saveScreenshot(page, 'front-desk-roster-print');
  // Forty children print on one Letter page (the roster's answer padded to 40 rows).
  const url = page.url();
  await page.route(/\/roster$/, async (route) => {
    const real = await (await route.fetch()).json();
    const children = Array.from({ length: 40 }, (_, i) => ({ ...real.children[0], childName: `Child ${String(i + 1).padStart(2, '0')}` }));
    await route.fulfill({ json: { ...real, children } });
  });
  await page.goto(url);
  await expect(page.getByRole('cell', { name: 'Child 40', exact: true })).toBeVisible();
  const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? [], 'pages of the printed roster').toHaveLength(1);
  await page.unroute(/\/roster$/);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'front-desk-roster-mobile');
});

test('a family page that fails to load says so, and Try again recovers', async ({ page }) => {
  let failing = true;
  await page.route(/\/api\/admin\/users\/[0-9a-f-]{36}$/, (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }) }) : route.continue(),
  );
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(family.email);
  // The search has answered (a click on the unfiltered list's row can land on a row the answer replaces).
  await expect(page.getByText('Showing 1 - 1 of 1 users')).toBeVisible();
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: familyName }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This account could not be loaded' });
  await expect(alert).toContainText('Something went wrong on our side. Please try again.');
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: familyName })).toBeVisible();
});

test('deleting the family offers to cancel its upcoming bookings first, and the family gets one email', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(family.email);
  // The search has answered (a click on the unfiltered list's row can land on a row the answer replaces).
  await expect(page.getByText('Showing 1 - 1 of 1 users')).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  await table.getByRole('row').filter({ hasText: familyName }).getByRole('button', { name: `More actions for ${familyName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(dialog).toContainText('This family has 1 upcoming booking');
  await dialog.getByRole('button', { name: 'Cancel their 1 upcoming booking and delete' }).click();
  await expect(notifications(page).getByText('User Deleted', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: familyName })).toHaveCount(0);
  const mail = await waitForMail(page.request, { to: family.email, subjectStartsWith: 'Your bookings were cancelled' });
  expect(mail.text).toContain('Mia');
});
