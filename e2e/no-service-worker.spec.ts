import { expect, test, type ConsoleMessage } from '@playwright/test';
import { dashboardCalendar, waitForSessions } from './support/calendar';
import { demoAccounts, signIn } from './support/login';

// Issue 17, item 17: where service workers are unavailable (blocked, a private window) the app runs without
// one, silently. The journeys' default (playwright.config.ts) blocks them: register() then resolves with
// nothing, which used to end in "Cannot read properties of undefined (reading 'waiting')".
test.use({ serviceWorkers: 'block' });

/** The browser's own line for a refused HTTP request (the expected 401 of GET /api/me before sign-in). */
const isNetworkStatusLine = (message: ConsoleMessage) => message.text().startsWith('Failed to load resource');

test('with service workers blocked the app signs in and runs with no page error and no console error', async ({ page }) => {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  let registrations = 0;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Service Worker registration blocked by Playwright')) registrations += 1;
    if (message.type() === 'error' && !isNetworkStatusLine(message)) consoleErrors.push(message.text());
  });

  await signIn(page, demoAccounts.parent);
  await waitForSessions(dashboardCalendar(page));
  // The app registers its worker once the page is idle: wait until it has tried, then a moment more.
  await expect.poll(() => registrations, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => registrations, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(500);

  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
