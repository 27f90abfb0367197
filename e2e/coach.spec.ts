import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { demoAccounts, openApp, saveScreenshot, signIn } from './support/login';

// Issue 34, the coach role (docs/decisions/030-staff-trust.md): an administrator makes a coach in the office's user
// form; the coach lands on an entry pointing at Check-in, has the Check-in screen alone at /admin, and sees Access
// Denied on the office's other screens (the server refuses every other /api/admin call: authz-matrix.test.ts).
const PASSWORD = 'coach-demo-pass-1';
let office: APIRequestContext;
let coach: { id: string; email: string };

test.beforeAll(async ({ baseURL }) => {
  office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const email = `coach-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await office.post('/api/admin/users', {
    data: { email, firstName: 'Casey', lastName: 'Coach', password: PASSWORD, role: 'COACH', planTier: 'ONE', weeklyLimit: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  coach = { id: ((await created.json()) as { id: string }).id, email };
});

test.afterAll(async () => {
  await office.delete(`/api/admin/users/${coach.id}`);
  await office.dispose();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
  test(`a coach reaches Check-in and nothing else of the admin area at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, { email: coach.email, password: PASSWORD });
    const entry = page.getByRole('group', { name: 'Signed in as a coach' });
    await expect(entry).toBeVisible();
    await saveScreenshot(page, `coach-entry-${viewport.width}`);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Check-in' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

    await entry.getByRole('link', { name: 'Open Check-in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Check-in · /);
    await saveScreenshot(page, `coach-check-in-${viewport.width}`);

    // Tomorrow's rosters, to get ready: who is coming, without the office's CSV or waitlist actions.
    await page.getByRole('group', { name: 'Day' }).getByRole('button', { name: 'Tomorrow' }).click();
    const tomorrow = page.getByRole('list', { name: /^Tomorrow’s sessions, / });
    await tomorrow.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/sessions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/spots booked/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Promote now/ })).toHaveCount(0);
    await saveScreenshot(page, `coach-roster-tomorrow-${viewport.width}`);
    await page.getByRole('link', { name: 'Back to Check-in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();

    // The office's family page (and everything else of the admin area) is not a coach's.
    await openApp(page, `/admin/users/${coach.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  });
}
