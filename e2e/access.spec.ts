import { expect, test } from '@playwright/test';
import { demoAccounts, openApp, signIn } from './support/login';

test.describe('without a session', () => {
  test('the dashboard redirects to the login screen', async ({ page }) => {
    await openApp(page, '/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('an unknown path redirects to the login screen', async ({ page }) => {
    await openApp(page, '/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  test('a reset-password path is reachable', async ({ page }) => {
    await openApp(page, '/reset-password');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Password Reset' })).toBeVisible();
    await expect(page.getByText(/Password resets are handled by our office/)).toBeVisible();

    // With a token it is a set-password link; an unknown one is refused in the server's words.
    await openApp(page, '/reset-password?token=abc123');
    await expect(page).toHaveURL(/\/reset-password\?token=abc123$/);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText('This link has expired or was already used. Please ask our office for a new one.')).toBeVisible();
    await expect(page.getByText(/Password resets are handled by our office/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();

    await openApp(page, '/account/reset-password/xyz');
    await expect(page).toHaveURL(/\/account\/reset-password\/xyz$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Password Reset' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
});

test.describe('with a session', () => {
  test('an unknown path shows Page Not Found', async ({ page }) => {
    await signIn(page, demoAccounts.parent);
    await openApp(page, '/no/such/page');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a parent opening the admin area sees Access Denied', async ({ page }) => {
    await signIn(page, demoAccounts.parent);
    // No way in from the navigation...
    await expect(page.getByRole('link', { name: 'Admin Panel', exact: true })).toHaveCount(0);
    // ...and typing the address, with or without a tab, shows Access Denied and no admin data.
    for (const path of ['/admin', '/admin?tab=reservations']) {
      await openApp(page, path);
      await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin Panel', exact: true })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
    }
    // The server refuses the admin reads the tabs make, whatever the page shows.
    expect((await page.request.get('/api/admin/reservations')).status()).toBe(403);
    expect((await page.request.get('/api/admin/reservations/export.csv')).status()).toBe(403);
  });
});
