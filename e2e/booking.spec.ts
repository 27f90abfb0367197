import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { formatLongDate, formatTimeRange } from '../src/shared/rules/format';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test, type TestFamily } from './support/family';
import { notifications, openApp, saveScreenshot, signIn } from './support/login';

// One parent journey, step by step: book Ava and Leo into next Wednesday's 4:30 PM Speed & Agility, use the
// confirmation screen, find the booking on the dashboard, reschedule it to Friday, then cancel it.
// The parent is a family of the file's own, made like the demo parent (support/family.ts).
test.describe.configure({ mode: 'serial' });

let family: TestFamily;
test.beforeAll(async ({ families }) => {
  family = await families.create();
});
test.afterAll(async ({ families }) => {
  if (family) await families.remove(family);
});

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const wednesday = torontoSlot(1, WEEKDAY.wednesday, 16, 30);
const friday = torontoSlot(1, WEEKDAY.friday, 16, 30);

let bookingId = '';
let reference = '';

function upcomingBooking(page: Page) {
  return page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').filter({ hasText: `#${reference}` });
}

test('a parent books Ava and Leo into one session next week from the calendar', async ({ page }) => {
  await signIn(page, family);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await sessionCard(calendar, 'Speed & Agility', wednesday).click();

  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Speed & Agility', { exact: true })).toBeVisible();
  await expect(dialog.getByText(formatLongDate(wednesday))).toBeVisible();
  await expect(dialog.getByText(formatTimeRange(wednesday, new Date(wednesday.getTime() + 3_600_000)))).toBeVisible();
  await expect(dialog.getByText('Field House')).toBeVisible();
  await expect(dialog.getByText('Ages: 8-14', { exact: true })).toBeVisible();

  await dialog.getByLabel('Ava').check();
  await dialog.getByLabel('Leo').check();
  await expect(dialog.getByText('This will book 2 spots in the session.')).toBeVisible();
  await saveScreenshot(page, 'booking-dialog', { fullPage: false });

  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(notifications(page).getByText('Booking Confirmed!')).toBeVisible();
  await expect(notifications(page).getByText('Successfully booked for Ava, Leo')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9a-f-]{36}$/);
  bookingId = page.url().split('/').pop()!;
  reference = `NB-${bookingId.slice(-8).toUpperCase()}`;
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText('Ava, Leo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`#${reference}`) })).toBeVisible();
});

test('the confirmation screen shows the booking, copies its id and downloads the calendar event', async ({ page }) => {
  await signIn(page, family);
  await openApp(page, `/booking-confirmation/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText(/screenshot/i)).toBeVisible();
  await expect(page.getByText(/confirmation email/i)).toBeVisible();
  await expect(page.getByText('Speed & Agility', { exact: true })).toBeVisible();
  await expect(page.getByText(formatLongDate(wednesday))).toBeVisible();
  await expect(page.getByText('4:30 PM - 5:30 PM')).toBeVisible();
  await expect(page.getByText('Field House')).toBeVisible();
  await expect(page.getByText('Ava, Leo', { exact: true })).toBeVisible();
  await expect(page.getByText('A water bottle')).toBeVisible();
  await expect(page.getByText('Athletic shoes suitable for basketball')).toBeVisible();
  await expect(page.getByText('Comfortable athletic clothing')).toBeVisible();
  await expect(page.getByText(/cancelled or rescheduled from your dashboard/)).toBeVisible();
  await saveScreenshot(page, 'booking-confirmation');

  await page.getByRole('button', { name: new RegExp(`#${reference}`) }).click();
  await expect(notifications(page).getByText('Copied!')).toBeVisible();
  await expect(notifications(page).getByText('Booking ID copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to Calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`booking-${reference}.ics`);
  await expect(notifications(page).getByText('Calendar Event Created')).toBeVisible();

  const ics = await fs.readFile((await download.path())!, 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  expect(event.summary).toBe('Speed & Agility');
  expect(event.location).toBe('Field House');
  expect(event.startDate.toJSDate().toISOString()).toBe(wednesday.toISOString());
  expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3_600_000);
  expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
});

test('the booking shows in My Upcoming Bookings and on the calendar', async ({ page }) => {
  await signIn(page, family);
  await openApp(page, `/booking-confirmation/${bookingId}`);
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const item = upcomingBooking(page);
  await expect(item).toBeVisible();
  await expect(item.getByText('Speed & Agility')).toBeVisible();
  await expect(item.getByText(formatLongDate(wednesday))).toBeVisible();
  await expect(item.getByText('4:30 PM - 5:30 PM')).toBeVisible();
  await expect(item.getByText('Ava, Leo')).toBeVisible();

  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await expect(sessionCard(calendar, 'Speed & Agility', wednesday)).toContainText('Booked');
});

test('the booking is rescheduled to Friday through the reschedule dialog', async ({ page }) => {
  await signIn(page, family);
  await upcomingBooking(page).getByRole('button', { name: /^Reschedule/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Current booking' }).getByText(formatLongDate(wednesday))).toBeVisible();

  // The picker opens on the booking's week; the current session cannot be chosen again.
  await waitForSessions(dialog);
  const current = sessionCard(dialog, 'Speed & Agility', wednesday);
  await expect(current).toBeDisabled();
  await expect(current).toContainText('Current');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();

  const target = sessionCard(dialog, 'Speed & Agility', friday);
  await target.click();
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'reschedule-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('region', { name: 'New session' }).getByText(formatLongDate(friday))).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(notifications(page).getByText('Booking Rescheduled')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const item = upcomingBooking(page);
  await expect(item.getByText(formatLongDate(friday))).toBeVisible();
  await expect(item.getByText('Ava, Leo')).toBeVisible();
});

test('the booking is cancelled after a confirmation prompt', async ({ page }) => {
  await signIn(page, family);
  await upcomingBooking(page).getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(formatLongDate(friday))).toBeVisible();

  // Keeping it changes nothing.
  await prompt.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(upcomingBooking(page)).toBeVisible();

  await upcomingBooking(page).getByRole('button', { name: /^Cancel/ }).click();
  await prompt.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(notifications(page).getByText('Booking Cancelled')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(upcomingBooking(page)).toHaveCount(0);

  const calendar = dashboardCalendar(page);
  await goToNextWeek(calendar);
  await expect(sessionCard(calendar, 'Speed & Agility', friday)).not.toContainText('Booked');
});
