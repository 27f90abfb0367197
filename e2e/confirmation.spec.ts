import { expect, test } from '@playwright/test';
import { demoAccounts, openApp, signIn } from './support/login';

// The confirmation screen for ids that are not the parent's bookings.

test('an unknown booking id shows Booking Not Found', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-booking']) {
    await openApp(page, `/booking-confirmation/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByText("We couldn't find the booking you're looking for.")).toBeVisible();
    await expect(page.getByText('Booking Confirmed!')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("another family's booking is not found either", async ({ page }) => {
  // The parent's own seeded booking next Tuesday is visible to that parent only.
  await signIn(page, demoAccounts.parent);
  const own = (await (await page.request.get('/api/me/bookings')).json()) as Array<{ id: string; status: string }>;
  const booking = own.find((b) => b.status === 'CONFIRMED')!;
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, demoAccounts.admin);
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
});

test('a failed bookings fetch leads to Booking Not Found, even for a real booking', async ({ page }) => {
  // The parent's own booking shows as confirmed, so only the failing fetch can turn it into 'Booking Not Found'.
  await signIn(page, demoAccounts.parent);
  const own = (await (await page.request.get('/api/me/bookings')).json()) as Array<{ id: string; status: string }>;
  const booking = own.find((b) => b.status === 'CONFIRMED')!;
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  let failedFetches = 0;
  await page.route('**/api/me/bookings', (route) => {
    failedFetches++;
    return route.fulfill({ status: 500, json: { message: 'Database unavailable' } });
  });
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByText('Booking Confirmed!')).toHaveCount(0);
  expect(failedFetches).toBeGreaterThan(0);
});

test('without a session the confirmation screen redirects to the login screen', async ({ page }) => {
  await openApp(page, '/booking-confirmation/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test("the Booking Not Found screen says why: 'Booking not found' or 'Failed to fetch bookings' (spec 8)", async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  await openApp(page, '/booking-confirmation/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Booking not found', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to fetch bookings')).toHaveCount(0);

  await page.route('**/api/me/bookings', (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable' } }));
  await openApp(page, '/booking-confirmation/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Failed to fetch bookings', { exact: true })).toBeVisible();
  await expect(page.getByText('Booking not found', { exact: true })).toHaveCount(0);
});
