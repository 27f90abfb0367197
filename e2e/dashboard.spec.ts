import { expect, test } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import { dashboardCalendar, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, saveScreenshot, signIn } from './support/login';

// The parent dashboard as seeded: Ava (2 a week) and Leo (1 a week) have nothing this week, and Ava is
// booked into next Tuesday's 4:30 PM Basketball Skills Lab; at 390 px nothing scrolls sideways. The dashboard's rules
// (tones and 'Limit reached', the cards following the calendar's week, failed reads, an account without children)
// are component tests: src/web/app/dashboard-screen.test.tsx.

const avaTuesday = torontoSlot(1, WEEKDAY.tuesday, 16, 30);

test('a parent sees usage per child, the next session, resources, the calendar and upcoming bookings', async ({ page }) => {
  await signIn(page, demoAccounts.parent);

  const ava = page.getByRole('group', { name: 'Ava, this week' });
  await expect(ava.getByText('0 of 2 sessions')).toBeVisible();
  await expect(ava.getByText('2 remaining')).toBeVisible();
  await expect(ava).toHaveAttribute('data-tone', 'success');
  const leo = page.getByRole('group', { name: 'Leo, this week' });
  await expect(leo.getByText('0 of 1 session')).toBeVisible();
  await expect(leo.getByText('1 remaining')).toBeVisible();
  await expect(leo).toHaveAttribute('data-tone', 'warning');
  await expect(page.getByRole('group', { name: 'This Week', exact: true })).toHaveCount(0);

  const next = page.getByRole('group', { name: 'Next Session' });
  await expect(next.getByText('Basketball Skills Lab')).toBeVisible();
  await expect(next.getByText(formatLongDate(avaTuesday))).toBeVisible();
  await expect(next.getByText('4:30 PM - 5:30 PM')).toBeVisible();
  await expect(next.getByText('Court 2')).toBeVisible();

  await expect(page.getByRole('group', { name: 'Coming Soon' })).toBeVisible();

  const upcoming = page.getByRole('region', { name: 'My Upcoming Bookings' });
  const items = upcoming.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByText('Basketball Skills Lab')).toBeVisible();
  await expect(items.first().getByText(formatLongDate(avaTuesday))).toBeVisible();
  await expect(items.first().getByText(/^#NB-[0-9A-F]{8}$/)).toBeVisible();
  await expect(items.first().getByRole('button', { name: /^Reschedule/ })).toBeVisible();
  await expect(items.first().getByRole('button', { name: /^Cancel/ })).toBeVisible();

  await waitForSessions(dashboardCalendar(page));
  await saveScreenshot(page, 'dashboard-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'dashboard-mobile');
});
