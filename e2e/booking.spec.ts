import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { formatLongDate, formatTimeRange } from '../src/shared/rules/format';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test } from './support/family';
import { notifications, saveScreenshot, signIn } from './support/login';

// One parent journey end to end, in one sign-in: book Ava and Leo into next Wednesday's 4:30 PM Speed & Agility,
// use the confirmation screen (clipboard, calendar download), find the booking on the dashboard, reschedule it to
// Friday, then cancel it. The parent is a family of the file's own, made like the demo parent (support/family.ts).
// Each screen's rules on their own are component tests (booking dialog, reschedule and cancel dialogs, my bookings,
// confirmation screen: src/web/**/*.test.tsx).

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const wednesday = torontoSlot(1, WEEKDAY.wednesday, 16, 30);
const friday = torontoSlot(1, WEEKDAY.friday, 16, 30);

function upcomingBooking(page: Page, reference: string) {
  return page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').filter({ hasText: `#${reference}` });
}

test('a parent books two children, uses the confirmation screen, finds the booking, reschedules it and cancels it', async ({ page, family }) => {
  // One journey of five screens with a download: longer than one step on a loaded machine.
  test.slow();
  await signIn(page, family);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await sessionCard(calendar, 'Speed & Agility', wednesday).click();

  // Book: the real class, place and ages from the server.
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

  // The confirmation screen: the booking as saved, its id copied, its calendar event downloaded.
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9a-f-]{36}$/);
  const bookingId = page.url().split('/').pop()!;
  const reference = `NB-${bookingId.slice(-8).toUpperCase()}`;
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText('Ava, Leo', { exact: true })).toBeVisible();
  await expect(page.getByText('4:30 PM - 5:30 PM')).toBeVisible();
  await expect(page.getByText('Field House')).toBeVisible();
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
  const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  expect(event.summary).toBe('Speed & Agility');
  expect(event.location).toBe('Field House');
  expect(event.startDate.toJSDate().toISOString()).toBe(wednesday.toISOString());
  expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3_600_000);
  expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');

  // The dashboard lists it, and the calendar marks it.
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const item = upcomingBooking(page, reference);
  await expect(item.getByText('Speed & Agility')).toBeVisible();
  await expect(item.getByText(formatLongDate(wednesday))).toBeVisible();
  await expect(item.getByText('Ava, Leo')).toBeVisible();
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await expect(sessionCard(calendar, 'Speed & Agility', wednesday)).toContainText('Booked');

  // Reschedule to Friday: the picker opens on the booking's week, the server moves it.
  await item.getByRole('button', { name: /^Reschedule/ }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await expect(reschedule.getByRole('region', { name: 'Current booking' }).getByText(formatLongDate(wednesday))).toBeVisible();
  await waitForSessions(reschedule);
  await expect(sessionCard(reschedule, 'Speed & Agility', wednesday)).toContainText('Current');
  const target = sessionCard(reschedule, 'Speed & Agility', friday);
  await target.click();
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'reschedule-dialog', { fullPage: false });
  await reschedule.getByRole('button', { name: 'Continue' }).click();
  await expect(reschedule.getByRole('region', { name: 'New session' }).getByText(formatLongDate(friday))).toBeVisible();
  await reschedule.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(notifications(page).getByText('Booking Rescheduled')).toBeVisible();
  await expect(reschedule).toHaveCount(0);
  await expect(item.getByText(formatLongDate(friday))).toBeVisible();
  await expect(item.getByText('Ava, Leo')).toBeVisible();

  // Cancel, after the prompt: it leaves the list and the calendar.
  await item.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(prompt.getByText(formatLongDate(friday))).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(notifications(page).getByText('Booking Cancelled')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(upcomingBooking(page, reference)).toHaveCount(0);
  await expect(sessionCard(calendar, 'Speed & Agility', friday)).not.toContainText('Booked');
});
