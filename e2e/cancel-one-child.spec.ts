import type { Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test } from './support/family';
import { notifications, saveScreenshot, signIn } from './support/login';

// Issue 32, one child at a time, on a phone (390 px): a family books Ava and Leo into next Monday's Speed & Agility,
// then cancels Leo's place only; the booking stays on the dashboard with Ava. The dialog's rules on their own are
// component tests (src/web/features/my-bookings/components/per-child-dialogs.test.tsx).

const monday = torontoSlot(1, WEEKDAY.monday, 16, 30);

function upcomingBooking(page: Page, reference: string) {
  return page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').filter({ hasText: `#${reference}` });
}

test('a parent cancels one of two children at 390 px, and the other stays booked', async ({ page, family }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, family);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await sessionCard(calendar, 'Speed & Agility', monday).click();
  const book = page.getByRole('dialog', { name: 'Book Session' });
  await book.getByLabel('Ava').check();
  await book.getByLabel('Leo').check();
  await book.getByRole('button', { name: 'Book Session' }).click();
  await expect(notifications(page).getByText('Booking Confirmed!')).toBeVisible();
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9a-f-]{36}$/);
  const reference = `NB-${page.url().split('/').pop()!.slice(-8).toUpperCase()}`;
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();

  const item = upcomingBooking(page, reference);
  await expect(item.getByText('Ava, Leo')).toBeVisible();
  await item.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(prompt.getByText(formatLongDate(monday))).toBeVisible();
  const children = prompt.getByRole('group', { name: 'Children to cancel' });
  await expect(children.getByRole('checkbox', { name: 'Ava' })).toBeChecked();
  await expect(children.getByRole('checkbox', { name: 'Leo' })).toBeChecked();
  await expect(prompt.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();
  await children.getByRole('checkbox', { name: 'Ava' }).uncheck();
  await expect(prompt.getByRole('button', { name: 'Cancel Leo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'cancel-one-child-mobile', { fullPage: false });
  await prompt.getByRole('button', { name: 'Cancel Leo' }).click();

  await expect(notifications(page).getByText('Place Cancelled')).toBeVisible();
  await expect(notifications(page).getByText(/Leo's place for Speed & Agility .* has been cancelled\. Ava stays booked\./)).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(item.getByText('Ava', { exact: true })).toBeVisible();
  await expect(item.getByText('Ava, Leo')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
