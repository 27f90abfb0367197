import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// The booking dialog's rules, without booking anything: every path here ends before a booking is made (or is
// refused), and the cancel and reschedule requests below are answered by the test, not the server.

const mondaySpeed = torontoSlot(1, WEEKDAY.monday, 16, 30);
const tuesdayGirls = torontoSlot(1, WEEKDAY.tuesday, 18, 0);
const wednesdayStrength = torontoSlot(1, WEEKDAY.wednesday, 18, 0);

async function openNextWeek(page: Page) {
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  return calendar;
}

/** Rewrites the calendar's session list on its way to the page (the server keeps its real data). */
async function changeSessions(page: Page, change: (sessions: SessionsListResponse) => void) {
  await page.route('**/api/sessions?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as SessionsListResponse;
    change(body);
    await route.fulfill({ response, json: body });
  });
}

test('a session card opens with the keyboard and Escape closes the dialog', async ({ page }) => {
  const calendar = await openNextWeek(page);
  // Back to this week, then forward again with the keyboard only.
  await calendar.getByRole('button', { name: 'Previous week' }).click();
  await calendar.getByLabel('Class').focus();
  await page.keyboard.press('Tab');
  await expect(calendar.getByRole('button', { name: 'Next week' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('button', { name: 'Previous week' })).toBeFocused();

  // The next stop is the first card of next week: Monday's 4:30 PM Speed & Agility.
  await page.keyboard.press('Tab');
  const card = sessionCard(calendar, 'Speed & Agility', mondaySpeed);
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(formatLongDate(mondaySpeed))).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();

  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('Book Session needs a child: No Children Selected, then the spots summary', async ({ page }) => {
  const calendar = await openNextWeek(page);
  await sessionCard(calendar, 'Girls Power Hour', tuesdayGirls).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog.getByText('Girls Power Hour', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Select Children for this Session')).toBeVisible();
  await expect(dialog.getByText('Class Details')).toBeVisible();
  await expect(dialog.getByText('Ages: 9-15 (Girls Only)', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/A girls-only session/)).toBeVisible();

  const book = dialog.getByRole('button', { name: 'Book Session' });
  const ava = dialog.getByLabel('Ava');
  const leo = dialog.getByLabel('Leo');
  await expect(ava).not.toBeChecked();
  await expect(leo).not.toBeChecked();
  await expect(book).toBeDisabled();

  // The button looks and reads disabled, yet a person can still press it and learn why nothing happens.
  await book.click({ force: true });
  await expect(notifications(page).getByText('No Children Selected')).toBeVisible();
  await expect(notifications(page).getByText('Please select at least one child for this session.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await ava.check();
  await expect(book).toBeEnabled();
  await expect(dialog.getByText('Selected: Ava', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/This will book/)).toHaveCount(0);

  await leo.check();
  await expect(dialog.getByText('Selected: Ava, Leo', { exact: true })).toBeVisible();
  await expect(dialog.getByText('This will book 2 spots in the session.')).toBeVisible();

  await ava.uncheck();
  await leo.uncheck();
  await expect(book).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('with fewer spots left than children selected, the dialog offers the waitlist instead of Book Session', async ({ page }) => {
  await changeSessions(page, ({ sessions }) => {
    const monday = sessions.find((s) => s.startsAt === mondaySpeed.toISOString());
    if (monday) monday.availableSpots = 1;
  });
  const calendar = await openNextWeek(page);
  await sessionCard(calendar, 'Speed & Agility', mondaySpeed).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog.getByText('1 spot left', { exact: true })).toBeVisible();

  const book = dialog.getByRole('button', { name: 'Book Session' });
  await dialog.getByLabel('Ava').check();
  await expect(book).toBeEnabled();
  await dialog.getByLabel('Leo').check();
  // Issue 21: two children, one spot: both can wait for spots (nothing is sent here), or one can be unticked to book.
  await expect(dialog.getByText('Only 1 spot left in this session.')).toBeVisible();
  await expect(dialog.getByText('This will put Ava and Leo on the waitlist.')).toBeVisible();
  await expect(dialog.getByText(/^Choose fewer children to book now, or join the waitlist for all of them\./)).toBeVisible();
  await expect(book).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  await dialog.getByLabel('Leo').uncheck();
  await expect(book).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a refused booking shows 'Booking Failed' with the server's reason", async ({ page }) => {
  // The page is told the full session still has spots; the server knows better.
  await changeSessions(page, ({ sessions }) => {
    const full = sessions.find((s) => s.startsAt === wednesdayStrength.toISOString());
    if (full) full.availableSpots = 3;
  });
  const calendar = await openNextWeek(page);
  await sessionCard(calendar, 'Strength Foundations', wednesdayStrength).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await dialog.getByLabel('Ava').check();
  await dialog.getByRole('button', { name: 'Book Session' }).click();

  await expect(notifications(page).getByText('Booking Failed')).toBeVisible();
  await expect(notifications(page).getByText('This session is full')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toBeEnabled();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Every request the page sends to a write endpoint (`page.on('request')`), with its Idempotency-Key. */
function recordPosts(page: Page, path: RegExp) {
  const posts: Array<{ url: string; key: string | undefined }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname)) {
      posts.push({ url: request.url(), key: request.headers()['idempotency-key'] });
    }
  });
  return posts;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const slowly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a double click on Book Session sends one request; a retry after a lost answer reuses its key', async ({ page }) => {
  const posts = recordPosts(page, /^\/api\/bookings$/);
  // Nothing is booked: the first request is lost on the way back, the second refused.
  let answered = 0;
  await page.route('**/api/bookings', async (route) => {
    await slowly(600);
    answered += 1;
    if (answered === 1) return route.abort('connectionreset');
    return route.fulfill({ status: 409, json: { message: 'Ava is already booked in this session' } });
  });
  const calendar = await openNextWeek(page);
  await sessionCard(calendar, 'Speed & Agility', mondaySpeed).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await dialog.getByLabel('Ava').check();
  const book = dialog.getByRole('button', { name: /^(Book Session|Booking\.\.\.)$/ });

  await book.dblclick();
  // Disabled while the request is in flight.
  await expect(dialog.getByRole('button', { name: 'Booking...' })).toBeDisabled();
  await expect(notifications(page).getByText('Booking Failed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toBeEnabled();
  expect(posts).toHaveLength(1);
  expect(posts[0]!.key).toMatch(UUID);

  // The same attempt again (its answer never came): the same key, so the server can answer it once.
  await book.click();
  await expect(notifications(page).getByText('Ava is already booked in this session')).toBeVisible();
  expect(posts).toHaveLength(2);
  expect(posts[1]!.key).toBe(posts[0]!.key);

  // That one was answered: the next press is a new attempt with a new key.
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toBeEnabled();
  await book.click();
  await expect.poll(() => posts.length).toBe(3);
  expect(posts[2]!.key).toMatch(UUID);
  expect(posts[2]!.key).not.toBe(posts[0]!.key);
});

test('after a refusal the dialog shows the session as it now is: Full, Join Waitlist instead of Book', async ({ page }) => {
  // The calendar was loaded while the session still had a spot; meanwhile it filled. Until the booking is
  // sent the page is told 1 spot is left; the server (and every later read) knows it is full.
  let stale = true;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') stale = false;
  });
  await changeSessions(page, ({ sessions }) => {
    const full = sessions.find((s) => s.startsAt === wednesdayStrength.toISOString());
    if (full && stale) full.availableSpots = 1;
  });
  const calendar = await openNextWeek(page);
  await sessionCard(calendar, 'Strength Foundations', wednesdayStrength).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog.getByText('1 spot left', { exact: true })).toBeVisible();
  await dialog.getByLabel('Ava').check();
  const book = dialog.getByRole('button', { name: 'Book Session' });
  await expect(book).toBeEnabled();
  await book.click();

  await expect(notifications(page).getByText('Booking Failed')).toBeVisible();
  await expect(notifications(page).getByText('This session is full', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Full', { exact: true })).toBeVisible();
  await expect(dialog.getByText('This session is full.', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 spot left', { exact: true })).toHaveCount(0);
  // Issue 21: Ava can now wait for a spot instead (nothing is sent here).
  await expect(book).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  for (const [name, width, height] of [['booking-dialog-full-1280', 1280, 800], ['booking-dialog-full-390', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await saveScreenshot(page, name, { fullPage: false });
  }

  // The calendar behind it says so too: the card is Full (and opens the dialog for the waitlist).
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sessionCard(calendar, 'Strength Foundations', wednesdayStrength)).toContainText('Full');
});

test('a double click on the cancel and reschedule confirm buttons sends one request each', async ({ page }) => {
  const cancels = recordPosts(page, /^\/api\/bookings\/[^/]+\/cancel$/);
  const moves = recordPosts(page, /^\/api\/bookings\/[^/]+\/reschedule$/);
  // Nothing changes on the server: each request is answered, slowly, with a refusal.
  await page.route(/\/api\/bookings\/[^/]+\/(cancel|reschedule)$/, async (route) => {
    await slowly(600);
    await route.fulfill({ status: 409, json: { message: 'Only future bookings can be changed' } });
  });
  await signIn(page, demoAccounts.parent);
  // The seeded booking of Ava next Tuesday at 4:30 PM (its reschedule picker opens on next week).
  const upcoming = page
    .getByRole('region', { name: 'My Upcoming Bookings' })
    .getByRole('listitem')
    .filter({ hasText: formatLongDate(torontoSlot(1, WEEKDAY.tuesday, 16, 30)) });

  await upcoming.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await prompt.getByRole('button', { name: 'Cancel Booking' }).dblclick();
  await expect(prompt.getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
  await expect(notifications(page).getByText('Cancellation Failed')).toBeVisible();
  expect(cancels).toHaveLength(1);
  expect(cancels[0]!.key).toMatch(UUID);
  await prompt.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(prompt).toHaveCount(0);

  await upcoming.getByRole('button', { name: /^Reschedule/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await waitForSessions(dialog);
  await sessionCard(dialog, 'Speed & Agility', torontoSlot(1, WEEKDAY.friday, 16, 30)).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm Reschedule' }).dblclick();
  await expect(dialog.getByRole('button', { name: 'Rescheduling...' })).toBeDisabled();
  await expect(notifications(page).getByText('Reschedule Failed')).toBeVisible();
  expect(moves).toHaveLength(1);
  expect(moves[0]!.key).toMatch(UUID);
});
