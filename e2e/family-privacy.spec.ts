import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoAccounts, notifications, openApp, openUserMenu, signIn } from './support/login';

// Issue 31, the family's own data (docs/privacy.md): a guardian downloads the family's data from the user menu; the
// office's SUPER_ADMIN erases the family from its page on a phone (390 px), after typing the first guardian's e-mail;
// an ADMIN is not offered the action. One family of its own; runs on the office's server (it changes the users list).
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const family = { firstName: 'Iris', lastName: `Privacy ${stamp}`, email: `iris.privacy.${stamp}@example.com`, password: `Priv-${stamp}-Kite-7` };
let familyId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const created = await api.post('/api/admin/users', {
    data: { ...family, planTier: 'TWO', firstChildName: 'Juniper', firstChildWeeklyLimit: 2, firstChildBirthDate: '2014-05-10', firstChildSex: 'F' },
  });
  expect(created.status(), await created.text()).toBe(201);
  familyId = ((await created.json()) as { id: string }).id;
  await api.dispose();
});

test("a guardian downloads the family's data from the user menu", async ({ page }) => {
  await signIn(page, family);
  await openUserMenu(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download our data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^northbound-family-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
    guardians: Array<{ email: string }>;
    children: Array<{ name: string }>;
    devices: Array<{ userAgent: string | null }>;
  };
  expect(data.guardians.map((g) => g.email)).toEqual([family.email]);
  expect(data.children.map((c) => c.name)).toEqual(['Juniper']);
  expect(data.devices.length).toBeGreaterThan(0);
});

test("an ADMIN is not offered 'Erase family…'", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, `/admin/users/${familyId}`);
  await expect(page.getByRole('heading', { level: 1, name: `${family.firstName} ${family.lastName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book for this family' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase family…' })).toHaveCount(0);
});

test('the SUPER_ADMIN erases the family on a phone after typing the email', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.owner);
  await openApp(page, `/admin/users/${familyId}`);
  await page.getByRole('button', { name: 'Erase family…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Erase family' });
  await expect(dialog).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Erase family' });
  const keep = dialog.getByRole('button', { name: 'Keep family' });
  await expect(erase).toBeDisabled();
  const input = dialog.getByLabel(/to confirm/);
  await input.fill(family.email.toUpperCase());
  await expect(erase).toBeDisabled();
  await input.fill(family.email);
  await expect(erase).toBeEnabled();
  // Both buttons on screen at 390 px.
  await expect(erase).toBeInViewport();
  await expect(keep).toBeInViewport();
  await erase.click();
  await expect(notifications(page).getByText('Family erased')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);

  // The family can no longer sign in.
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: { email: family.email, password: family.password } })).status()).toBe(401);
  await api.dispose();
});
