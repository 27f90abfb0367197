import { expect, type Page } from '@playwright/test';
import type { CurrentUser } from '../../src/shared/schemas/users';

export interface DemoAccount {
  email: string;
  password: string;
}

/** The demo accounts the server seeds on first start (see src/server/db/seed.ts). */
export const demoAccounts = {
  owner: { email: 'owner@example.com', password: 'owner-demo-1' },
  admin: { email: 'admin@example.com', password: 'admin-demo-1' },
  parent: { email: 'parent@example.com', password: 'parent-demo-1' },
  /** Only the change-password journey uses this account. */
  parent2: { email: 'parent2@example.com', password: 'parent-demo-2' },
} as const satisfies Record<string, DemoAccount>;

/** The splash covers the page for about 2.3 s after every full page load. */
export async function waitForSplashToFinish(page: Page): Promise<void> {
  await expect(page.getByTestId('splash-screen')).toHaveCount(0, { timeout: 10_000 });
}

/** Loads a path as a fresh page visit and waits until the splash has gone. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForSplashToFinish(page);
}

/** Fills the login form and submits it the way a person would. Expects to be on the login screen. */
export async function submitLoginForm(page: Page, account: DemoAccount): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the login screen, signs in and waits for the dashboard. */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await openApp(page, '/');
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The signed-in user, read from the session call with the page's cookies. */
export async function fetchCurrentUser(page: Page): Promise<CurrentUser> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as CurrentUser;
}

/**
 * The toast region (Radix labels it 'Notifications (F8)'). While a modal dialog is open Radix hides everything
 * outside it from assistive technology (toasts are then announced through Radix's own live region), so the
 * lookup includes hidden elements.
 */
export function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Saves a screenshot for review under /tmp/shots (the whole page, or only the viewport: best with a dialog open). */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: options.fullPage ?? true, animations: 'disabled' });
}
