import { expect, type BrowserContext, type Page } from '@playwright/test';
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

const contextsSkippingSplash = new WeakSet<BrowserContext>();

/**
 * Turns the splash off for every later page load in this browser context (the test-only window flag that
 * src/web/public/app-start.js reads; set before the page's scripts by addInitScript, so the CSP and
 * the production page are untouched). openApp and signIn call it: only journeys that load pages with
 * page.goto themselves (auth.spec.ts's splash test) see the 2.3 s splash.
 */
export async function skipSplash(context: BrowserContext): Promise<void> {
  if (contextsSkippingSplash.has(context)) return;
  contextsSkippingSplash.add(context);
  await context.addInitScript(() => {
    (window as { __nbSkipSplash?: boolean }).__nbSkipSplash = true;
  });
}

/**
 * The splash covers the page for about 2.3 s when an app session starts: a tab's first load with no other tab of the
 * app open (issue 33: not on a reload), unless skipSplash turned it off.
 */
export async function waitForSplashToFinish(page: Page): Promise<void> {
  await expect(page.getByTestId('splash-screen')).toHaveCount(0, { timeout: 10_000 });
}

/** Loads a path as a fresh page visit, without the splash (see skipSplash), and waits until the splash has gone. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await skipSplash(page.context());
  await page.goto(path);
  await waitForSplashToFinish(page);
}

/** Fills the login form and submits it the way a person would. Expects to be on the login screen. */
export async function submitLoginForm(page: Page, account: DemoAccount): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens the login screen, signs in through the form and waits for the dashboard (for the journeys about signing in). */
export async function signInThroughForm(page: Page, account: DemoAccount): Promise<void> {
  await openApp(page, '/');
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Signs in without the form (epic-stack's pattern): POST /api/auth/login through the page's own request
 * context, which shares the browser context's cookie jar and user agent, so the session cookie (nb_session)
 * and the trusted-device cookie land in the browser exactly as after a form sign-in; then opens the dashboard.
 * A successful sign-in is no counted failure for the login throttle. The form itself is covered by
 * auth.spec.ts, account.spec.ts, set-password.spec.ts and admin-users.spec.ts (signInThroughForm, submitLoginForm).
 */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), `signing in ${account.email} through POST /api/auth/login`).toBe(200);
  await openApp(page, '/dashboard');
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
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}

/**
 * Whether the journeys save their review screenshots: E2E_SCREENSHOTS=1 or 0 says so; by default yes on a
 * developer's machine and no in CI (nobody looks at them there, and full-page captures cost the browser run a
 * good part of its CPU). They assert nothing: a test is the same either way.
 */
const SAVES_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

/**
 * Saves a screenshot for review under /tmp/shots, or `folder` (the whole page, or only the viewport: best with a
 * dialog open); see SAVES_SCREENSHOTS.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean; folder?: string } = {}): Promise<void> {
  if (!SAVES_SCREENSHOTS) return;
  await page.screenshot({ path: `${options.folder ?? '/tmp/shots'}/${name}.png`, fullPage: options.fullPage ?? true, animations: 'disabled' });
}
