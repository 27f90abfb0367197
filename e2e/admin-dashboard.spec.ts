import { expect, test } from '@playwright/test';
import type { AdminStats } from '../src/shared/schemas/stats';
import { demoAccounts, openApp, saveScreenshot, signIn } from './support/login';

// Issue 29, item 19: the admin dashboard says so when e-mail is not going out. The server's side (the numbers
// during a real outage, the 15-minute rule) is tested in src/server/routes/health-mail.test.ts; here the page
// shows what GET /api/admin/stats answers, the run's own mail flowing, then an outage's numbers.

test('the admin dashboard warns while emails wait to be sent, with how many and for how long', async ({ page }) => {
  // Two loads of the admin area (its own chunk) on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin');
  const stats = page.getByRole('list', { name: 'Statistics' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Parents' }).getByText(/^\d+$/)).toBeVisible({ timeout: 20_000 });
  // This run's mail goes out (to its mailbox): no warning.
  const live = (await (await page.request.get('/api/admin/stats')).json()) as AdminStats;
  expect(live.mail.delayed).toBe(false);
  const warning = page.getByRole('alert').filter({ hasText: 'Emails are not going out' });
  await expect(warning).toHaveCount(0);

  // The mail server has been down for 25 minutes while families booked.
  await page.route('**/api/admin/stats', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as AdminStats;
    await route.fulfill({ response, json: { ...body, mail: { backlog: 12, oldestUnsentAgeSeconds: 25 * 60 + 10, delayed: true } } });
  });
  await openApp(page, '/admin');
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expect(warning).toContainText('12 emails waiting to be sent, the oldest for 25 minutes: check the mail server (SMTP_URL).');
  // Above the numbers, where the office looks first.
  const warningBox = await warning.boundingBox();
  const statsBox = await stats.boundingBox();
  expect(warningBox!.y).toBeLessThan(statsBox!.y);
  await saveScreenshot(page, 'admin-mail-warning', { fullPage: false });
});
