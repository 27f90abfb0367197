import { expect, test } from '@playwright/test';
import { formatLongDate } from '../src/shared/rules/format';
import type { ChildStatsResponse } from '../src/shared/schemas/bookings';
import { dashboardCalendar, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, saveScreenshot, signIn } from './support/login';

// The parent dashboard as seeded: Ava (2 a week) and Leo (1 a week) have nothing this week, and Ava is
// booked into next Tuesday's 4:30 PM Basketball Skills Lab.

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

test("a child with no sessions left shows 'Limit reached' in red", async ({ page }) => {
  await page.route('**/api/me/child-stats?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ChildStatsResponse;
    for (const child of body.children) Object.assign(child, { used: child.limit, remaining: 0 });
    await route.fulfill({ response, json: body });
  });
  await signIn(page, demoAccounts.parent);
  const leo = page.getByRole('group', { name: 'Leo, this week' });
  await expect(leo.getByText('1 of 1 session')).toBeVisible();
  await expect(leo.getByText('Limit reached')).toBeVisible();
  await expect(leo).toHaveAttribute('data-tone', 'danger');
});

test('a failed child stats fetch is reported on the dashboard', async ({ page }) => {
  await page.route('**/api/me/child-stats?*', (route) => route.fulfill({ status: 500, json: { message: 'Stats are down' } }));
  await signIn(page, demoAccounts.parent);
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch child stats' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Stats are down')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Next Session' })).toBeVisible();
});

test('a failed sessions fetch is reported in the calendar, and Try again recovers', async ({ page }) => {
  let fail = true;
  await page.route('**/api/sessions?*', (route) =>
    fail ? route.fulfill({ status: 503, json: { message: 'Try later' } }) : route.fallback(),
  );
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await expect(calendar.getByRole('alert').getByText('Failed to fetch sessions')).toBeVisible();
  await expect(calendar.getByText('Try later')).toBeVisible();

  fail = false;
  await calendar.getByRole('button', { name: 'Try again' }).click();
  await waitForSessions(calendar);
  await expect(calendar.getByRole('alert')).toHaveCount(0);
});

test('an account without children sees the This Week card and empty states', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  const thisWeek = page.getByRole('group', { name: 'This Week', exact: true });
  await expect(thisWeek.getByText('0 of 1 session')).toBeVisible();
  await expect(page.getByRole('group', { name: /, this week$/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Next Session' }).getByText('No upcoming sessions')).toBeVisible();
  await expect(page.getByRole('region', { name: 'My Upcoming Bookings' }).getByText('No upcoming bookings')).toBeVisible();
  await saveScreenshot(page, 'dashboard-no-children');
});
