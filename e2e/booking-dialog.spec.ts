import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, notifications, signIn } from './support/login';

// The booking dialog's rules, without booking anything: every path here ends before a booking is made.

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

test('Book Session stays disabled when fewer spots are left than children selected', async ({ page }) => {
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
  await expect(dialog.getByText('This will book 2 spots in the session.')).toBeVisible();
  await expect(dialog.getByText('Only 1 spot left in this session.')).toBeVisible();
  await expect(book).toBeDisabled();
  await book.click({ force: true });
  await expect(dialog).toBeVisible();
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
