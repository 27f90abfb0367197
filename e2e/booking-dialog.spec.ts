import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, signIn } from './support/login';

// The booking dialog with the keyboard in a real browser (focus, Escape, focus given back to the card), in a browser
// whose clock is in Tokyo: the calendar and the dialog show Toronto days and times. Its rules
// (children, spots, weekly limits, waitlist, refusals, double submits, offline) are component tests:
// src/web/features/booking/components/booking-dialog.test.tsx.

const mondaySpeed = torontoSlot(1, WEEKDAY.monday, 16, 30);

test.use({ timezoneId: 'Asia/Tokyo' });

async function openNextWeek(page: Page) {
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  return calendar;
}

test('a session card opens with the keyboard and Escape closes the dialog; days and times are Toronto’s in Tokyo', async ({ page }) => {
  const calendar = await openNextWeek(page);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  // (Cards are found by their Toronto day and Toronto start time: support/calendar.ts.)
  await expect(calendar.getByText('6:30 AM')).toHaveCount(0);
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
  await expect(dialog.getByText('4:30 PM - 5:30 PM')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();

  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});
