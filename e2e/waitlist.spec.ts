import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import type { BookingDto } from '../src/shared/schemas/bookings';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import type { WaitlistEntryDto } from '../src/shared/schemas/waitlist';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, fetchCurrentUser, notifications, openApp, openUserMenu, saveScreenshot, signIn, type DemoAccount } from './support/login';
import { waitForMail } from './support/mailbox';

// Issue 21, the parents' side of the waitlist: a family fills the last spot, another joins the waitlist, the first
// cancels and the second is booked (with the e-mail); joining and leaving at 390 px; the reminder switch. The dialog's
// and the dashboard's waitlist rules (a child at the weekly limit may wait, the held-back sentence, Leave waitlist
// from the dialog) are component tests (booking-dialog.test.tsx, dashboard-screen.test.tsx); the server's skipping
// of a held-back entry is src/server/routes/waitlist.test.ts. Two families of their own and full sessions of their own (capacity 1, next week, at
// times no other journey uses), so this file runs on the office's server (playwright.config.ts). The tests follow
// one another.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
// (No 'waitlist' in it: the e-mail's text is checked for that word.)
const location = `Court Nine ${stamp}`;
const SHOTS = '/tmp/shots-parent';

interface Family extends DemoAccount {
  firstName: string;
  lastName: string;
  id?: string;
}

// Alma fills the last spots (Ada, up to 4 sessions a week); Bruno waits (Bea 2 a week, Ben 1).
const alma: Family = { firstName: 'Alma', lastName: `Early ${stamp}`, email: `alma.waitlist.${stamp}@example.com`, password: `Wait-${stamp}-Kite-1` };
const bruno: Family = { firstName: 'Bruno', lastName: `Later ${stamp}`, email: `bruno.waitlist.${stamp}@example.com`, password: `Wait-${stamp}-Kite-2` };

// Next week's sessions of this file (Toronto wall-clock times no other journey uses).
const journeySlot = torontoSlot(1, WEEKDAY.friday, 6, 10);
const leaveSlot = torontoSlot(1, WEEKDAY.saturday, 6, 10);
let className = '';
const sessionIds: Record<'journey' | 'leave', string> = { journey: '', leave: '' };

async function apiAs(playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined, account: DemoAccount) {
  const api = await playwright.request.newContext({ baseURL });
  const response = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), `signing ${account.email} in: ${await response.text()}`).toBe(200);
  return api;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const admin = await apiAs(playwright, baseURL, demoAccounts.admin);
  for (const [family, children] of [
    [alma, { planTier: 'THREE', firstChildName: 'Ada', firstChildWeeklyLimit: 4, firstChildBirthDate: '2014-05-10', firstChildSex: 'F' }],
    [bruno, { planTier: 'TWO', firstChildName: 'Bea', firstChildWeeklyLimit: 2, firstChildBirthDate: '2014-05-10', firstChildSex: 'F', secondChildName: 'Ben', secondChildWeeklyLimit: 1, secondChildBirthDate: '2014-05-10', secondChildSex: 'M' }],
  ] as const) {
    const created = await admin.post('/api/admin/users', { data: { ...family, ...children } });
    expect(created.status(), await created.text()).toBe(201);
    family.id = ((await created.json()) as { id: string }).id;
  }
  const classType = ((await (await admin.get('/api/classes')).json()) as ClassTypeDto[]).find((c) => c.code === 'SPEED')!;
  className = classType.name;
  for (const [key, startsAt, capacity] of [
    ['journey', journeySlot, 1],
    ['leave', leaveSlot, 1],
  ] as const) {
    const res = await admin.post('/api/admin/sessions', {
      data: { classTypeId: classType.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 45 * 60_000).toISOString(), capacity, location },
    });
    expect(res.status(), await res.text()).toBe(201);
    sessionIds[key] = ((await res.json()) as { id: string }).id;
  }
  await admin.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  // Each family's upcoming bookings and waiting entries go, then the accounts (the users list is back as it was).
  for (const family of [alma, bruno]) {
    if (!family.id) continue;
    const api = await apiAs(playwright, baseURL, family);
    const bookings = (await (await api.get('/api/me/bookings')).json()) as BookingDto[];
    for (const booking of bookings.filter((b) => b.status === 'CONFIRMED' && Date.parse(b.session.startsAt) > Date.now())) {
      await api.post(`/api/bookings/${booking.id}/cancel`);
    }
    const waiting = await api.get('/api/me/waitlist');
    if (waiting.ok()) for (const entry of (await waiting.json()) as WaitlistEntryDto[]) await api.delete(`/api/waitlist/${entry.id}`);
    await api.dispose();
  }
  const admin = await apiAs(playwright, baseURL, demoAccounts.admin);
  for (const family of [alma, bruno]) if (family.id) await admin.delete(`/api/admin/users/${family.id}`);
  // And the file's sessions: the file is serial, so a retry runs beforeAll again in a new worker and would meet a
  // second session of the same class at the same time on the calendar.
  for (const id of Object.values(sessionIds)) if (id) await admin.post(`/api/admin/sessions/${id}/cancel`);
  await admin.dispose();
});

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await saveScreenshot(page, name, { fullPage, folder: SHOTS });
}

/** Closes the toast on screen (it would cover what a screenshot is for). */
async function dismissToasts(page: Page): Promise<void> {
  const close = notifications(page).getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
  await expect(close).toHaveCount(0);
}

/** Opens next week on the dashboard's calendar and the card of one of this file's sessions. */
async function openCard(page: Page, instant: Date): Promise<Locator> {
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  if (await calendar.getByRole('button', { name: 'Next week' }).isEnabled()) await goToNextWeek(calendar);
  return sessionCard(calendar, className, instant);
}

async function openDialog(page: Page, instant: Date): Promise<Locator> {
  await (await openCard(page, instant)).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A browser of its own for the other family (its own cookies), set up as the project's pages are. */
async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(innerWidth);
}

/** Each of a dialog's footer buttons lies wholly inside the viewport. */
async function expectFooterOnScreen(page: Page, dialog: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const buttons = dialog.locator('[data-dialog-footer]').getByRole('button');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box, `${await button.innerText()} is drawn`).not.toBeNull();
    expect(box.y, `${await button.innerText()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${await button.innerText()} ends on screen`).toBeLessThanOrEqual(viewport.height);
    expect(box.x, `${await button.innerText()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await button.innerText()} ends on screen`).toBeLessThanOrEqual(viewport.width);
  }
}

const myWaitlists = (page: Page) => page.getByRole('region', { name: 'My Waitlists' });
const upcoming = (page: Page) => page.getByRole('region', { name: 'My Upcoming Bookings' });

/** Opens the dashboard and waits for the family's bookings and waitlists to load (slow on a loaded machine). */
async function openDashboard(page: Page): Promise<void> {
  await openApp(page, '/dashboard');
  await expect(upcoming(page).getByRole('status', { name: 'Loading bookings' })).toHaveCount(0, { timeout: 15_000 });
  await expect(myWaitlists(page).getByRole('status', { name: 'Loading waitlists' })).toHaveCount(0, { timeout: 15_000 });
}

test('a family fills the last spot, another joins the waitlist; the first cancels and the second is booked, with the email', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // Alma books the last spot (the only one) in her own browser.
  const almaPage = await otherBrowser(browser, baseURL);
  await signIn(almaPage, alma);
  let dialog = await openDialog(almaPage, journeySlot);
  await dialog.getByRole('checkbox', { name: 'Ada' }).check();
  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(almaPage).toHaveURL(/\/booking-confirmation\//);

  // Bruno finds it full: the dialog offers the waitlist, explains it, and Bea joins.
  await signIn(page, bruno);
  const card = await openCard(page, journeySlot);
  await expect(card).toContainText('Full');
  await card.click();
  dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog.getByText('This session is full.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toHaveCount(0);
  const join = dialog.getByRole('button', { name: 'Join Waitlist' });
  await expect(join).toBeVisible();
  await expect(dialog.getByText(/^If a spot opens, waiting families are booked automatically in the order they joined\./)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Bea' }).check();
  await expect(dialog.getByText('This will put Bea on the waitlist.')).toBeVisible();
  await shot(page, 'dialog-join-waitlist-1280');
  await join.click();
  await expect(notifications(page).getByText('Added to the Waitlist')).toBeVisible();
  await expect(notifications(page).getByText(/^Bea is 1st in line\./)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The card says so (in its accessible name too), and so does the dashboard.
  await expect(card).toContainText('Waitlist #1');
  await expect(card).toHaveAccessibleName(/Waitlist #1/);
  await dismissToasts(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'calendar-card-waitlist-1280');
  const entry = myWaitlists(page).getByRole('listitem').filter({ hasText: formatLongDate(journeySlot) });
  await expect(entry).toContainText('Bea');
  await expect(entry).toContainText('1st in line');
  await expect(entry.getByRole('button', { name: /^Leave the waitlist for / })).toBeVisible();
  await myWaitlists(page).scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-my-waitlists-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opened again, the dialog shows Bea waiting (not to be chosen again) and offers to leave.
  await card.click();
  await expect(dialog.getByRole('checkbox', { name: 'Bea' })).toBeDisabled();
  await expect(dialog.getByText('On the waitlist (#1)')).toBeVisible();
  const waitingHere = dialog.getByRole('region', { name: 'On the waitlist' });
  await expect(waitingHere).toContainText('1st in line');
  await expect(waitingHere.getByRole('button', { name: 'Leave waitlist for Bea' })).toBeVisible();
  await shot(page, 'dialog-on-the-waitlist-1280');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Alma cancels: the spot goes to Bea on the server.
  await openDashboard(almaPage);
  const almaBooking = upcoming(almaPage).getByRole('listitem').filter({ hasText: formatLongDate(journeySlot) });
  await almaBooking.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = almaPage.getByRole('alertdialog', { name: 'Cancel Booking' });
  await prompt.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(notifications(almaPage).getByText('Booking Cancelled', { exact: true })).toBeVisible();
  await almaPage.context().close();

  // Bruno reloads: Bea is booked, the waitlist is empty, and the confirmation e-mail says where it came from.
  await openDashboard(page);
  const booked = upcoming(page).getByRole('listitem').filter({ hasText: formatLongDate(journeySlot) });
  await expect(booked).toContainText('Bea');
  await expect(booked).toContainText(className);
  await expect(myWaitlists(page).getByRole('listitem')).toHaveCount(0);
  await expect(myWaitlists(page).getByText('You are not waiting for any session.', { exact: false })).toBeVisible();
  const bookedCard = await openCard(page, journeySlot);
  await expect(bookedCard).toContainText('Booked');
  await expect(bookedCard).not.toContainText('Waitlist');
  const mail = await waitForMail(page.request, { to: bruno.email, subjectStartsWith: 'Booking confirmed' });
  expect(mail.subject).toContain(className);
  expect(mail.text).toMatch(/waitlist/i);
});

test('at 390 px a family joins a waitlist from the dialog, and leaves it from the dashboard', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  // Alma fills the session (through the API: this journey is Bruno's).
  const almaApi = await apiAs(playwright, baseURL, alma);
  const filled = await almaApi.post('/api/bookings', { data: { sessionId: sessionIds.leave, childNames: ['Ada'] } });
  expect(filled.status(), await filled.text()).toBe(201);
  await almaApi.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, bruno);
  const dialog = await openDialog(page, leaveSlot);
  await dialog.getByRole('checkbox', { name: 'Bea' }).check();
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
  await expectFooterOnScreen(page, dialog);
  await expectNoSidewaysScroll(page);
  await shot(page, 'dialog-join-waitlist-390');
  await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(notifications(page).getByText('Added to the Waitlist')).toBeVisible();
  await expect(await openCard(page, leaveSlot)).toContainText('Waitlist #1');

  // Leave from the dashboard's list, after the prompt.
  const entry = myWaitlists(page).getByRole('listitem').filter({ hasText: formatLongDate(leaveSlot) });
  await expect(entry).toContainText('1st in line');
  await dismissToasts(page);
  await entry.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await shot(page, 'dashboard-my-waitlists-390');
  await entry.getByRole('button', { name: /^Leave the waitlist for / }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave Waitlist' });
  await expect(prompt).toContainText('You are 1st in line.');
  await expectFooterOnScreen(page, prompt);
  await shot(page, 'leave-waitlist-prompt-390');
  await prompt.getByRole('button', { name: 'Leave Waitlist' }).click();
  await expect(notifications(page).getByText('Left the Waitlist')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(entry).toHaveCount(0);
  await expect(await openCard(page, leaveSlot)).not.toContainText('Waitlist');
  await expect(myWaitlists(page).getByRole('listitem')).toHaveCount(0);
});

test('the reminder emails switch in the user menu is saved and stays switched after a reload', async ({ page }) => {
  await signIn(page, bruno);
  expect((await fetchCurrentUser(page)).bookingReminders).toBe(true);
  await openUserMenu(page);
  const reminders = page.getByRole('menuitemcheckbox', { name: 'Reminder emails' });
  await expect(reminders).toBeChecked();
  await shot(page, 'user-menu-reminders-on-1280');
  // The keyboard flips it (the menu stays open).
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(notifications(page).getByText('Reminder emails off')).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await shot(page, 'user-menu-reminders-off-1280');
  await expect.poll(async () => (await fetchCurrentUser(page)).bookingReminders).toBe(false);

  await openApp(page, '/dashboard');
  await openUserMenu(page);
  await expect(reminders).not.toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'user-menu-reminders-off-390');
  await reminders.click();
  await expect(notifications(page).getByText('Reminder emails on')).toBeVisible();
  await expect(reminders).toBeChecked();
  await expect.poll(async () => (await fetchCurrentUser(page)).bookingReminders).toBe(true);
});

test('a refused switch goes back and says why', async ({ page }) => {
  await page.route('**/api/me/preferences', (route) => route.fulfill({ status: 503, json: { message: 'The database is not answering' } }));
  await signIn(page, bruno);
  await openUserMenu(page);
  const reminders = page.getByRole('menuitemcheckbox', { name: 'Reminder emails' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(notifications(page).getByText('Reminder setting not saved')).toBeVisible();
  await expect(notifications(page).getByText('The database is not answering')).toBeVisible();
  await expect(reminders).toBeChecked();
});
