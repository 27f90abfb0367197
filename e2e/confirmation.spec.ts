import { expect, test } from '@playwright/test';
import { demoAccounts, openApp, signIn } from './support/login';

// The confirmation screen with the real server's sign-in and ownership: without a session it sends to the login
// screen, and another family's booking is not found. What it shows for a booking, an unknown id or a failed read is
// a component test (src/web/features/confirmation/components/booking-confirmation-page.test.tsx).

test("without a session it leads to the login screen, and another family's booking is not found", async ({ page }) => {
  await openApp(page, '/booking-confirmation/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // The parent's own seeded booking next Tuesday is visible to that parent only.
  await signIn(page, demoAccounts.parent);
  const own = (await (await page.request.get('/api/me/bookings')).json()) as Array<{ id: string; status: string; session: { startsAt: string } }>;
  // The upcoming one: the seed's past booking now says what became of it (issue 33), not 'Booking Confirmed!'.
  const booking = own.find((b) => b.status === 'CONFIRMED' && new Date(b.session.startsAt).getTime() > Date.now())!;
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, demoAccounts.admin);
  await openApp(page, `/booking-confirmation/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Booking not found', { exact: true })).toBeVisible();
});
