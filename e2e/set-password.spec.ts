import { expect, test, type Page } from '@playwright/test';
import type { CurrentUser } from '../src/shared/schemas/users';
import { demoAccounts, fetchCurrentUser, notifications, openApp, saveScreenshot, signIn, signOut, submitLoginForm } from './support/login';
import { linkIn, waitForMail } from './support/mailbox';
import { E2E_PORTS } from './support/ports.mjs';

// A family the office adds without a password chooses their own through the welcome e-mail's link: the link
// signs them in (even in a browser where the administrator is still signed in), works once, and the new
// password is the one they sign in with afterwards.
test.describe.configure({ mode: 'serial' });

const family = {
  firstName: 'Priya',
  lastName: 'Raman',
  email: `priya.raman+${Date.now()}@example.com`,
  password: 'maya-and-arjun-7',
};

let link = '';

async function expectSignedInAsFamily(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${family.firstName}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Maya, this week' }).getByText('0 of 2 sessions')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Arjun, this week' }).getByText('0 of 1 session')).toBeVisible();
  // Nothing of the administrator's session is left: no admin navigation.
  await expect(page.getByRole('link', { name: 'Admin Panel', exact: true })).toHaveCount(0);
}

test("the welcome email's link lets a new family choose a password and signs them in", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  const created = await page.request.post('/api/admin/users', {
    data: {
      firstName: family.firstName,
      lastName: family.lastName,
      email: family.email,
      firstChildName: 'Maya',
      firstChildWeeklyLimit: 2,
      secondChildName: 'Arjun',
      secondChildWeeklyLimit: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).passwordSet).toBe(false);

  const mail = await waitForMail(page.request, { to: family.email, subjectStartsWith: 'Welcome to' });
  expect(mail.text).toContain(`Hello ${family.firstName},`);
  link = linkIn(mail, '/reset-password?token=');
  expect(link.startsWith(`http://127.0.0.1:${E2E_PORTS.journeys}/reset-password?token=`)).toBe(true);

  // The administrator is still signed in on this browser: the page says who will be signed in instead.
  await openApp(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${family.firstName}!`)).toContainText(`You will sign in with ${family.email}`);
  await expect(page.getByText(/^You are signed in as /)).toBeVisible();
  await saveScreenshot(page, 'set-password-desktop');

  // The shared form's messages.
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('New Password').fill(family.password);
  await page.getByLabel('Confirm Password').fill(`${family.password}x`);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  // Show/hide toggles.
  await expect(page.getByLabel('New Password')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('New Password')).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('New Password')).toHaveValue(family.password);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing is wider than a 390 px screen').toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'set-password-mobile-errors');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A common password is the server's to refuse: its message shows under the field, and the link keeps working.
  await page.getByLabel('New Password').fill('iloveyou1');
  await page.getByLabel('Confirm Password').fill('iloveyou1');
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page.getByText('This password is too common. Choose another one.').first()).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('New Password').fill(family.password);
  await page.getByLabel('Confirm Password').fill(family.password);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expectSignedInAsFamily(page);
  const me: CurrentUser = await fetchCurrentUser(page);
  expect(me).toMatchObject({ email: family.email, firstName: family.firstName, role: 'PARENT' });
  expect(me.children.map((child) => child.name).sort()).toEqual(['Arjun', 'Maya']);
});

test('the link works only once', async ({ page }) => {
  expect(link, 'the first journey found the link').not.toBe('');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await openApp(page, link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used.' })).toBeVisible();
    await expect(page.getByText(/Please contact our office and we will send you a new link/)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await saveScreenshot(page, `set-password-used-${width === 390 ? 'mobile' : 'desktop'}`);
  }
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('the family signs in with the password they chose', async ({ page }) => {
  await openApp(page, '/');
  await submitLoginForm(page, { email: family.email, password: family.password });
  await expectSignedInAsFamily(page);
  await signOut(page);
  await expect(notifications(page).getByText('Login Failed')).toHaveCount(0);
});

test('a signed-out visitor sets a password at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccounts.admin);
  const email = `tomas.novak+${Date.now()}@example.com`;
  const created = await page.request.post('/api/admin/users', {
    data: { firstName: 'Tomáš', lastName: 'Novák', email, firstChildName: 'Eva', firstChildWeeklyLimit: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signOut(page);

  const mailLink = linkIn(await waitForMail(page.request, { to: email, subjectStartsWith: 'Welcome to' }), '/reset-password?token=');
  await openApp(page, mailLink);
  await expect(page.getByText('Welcome, Tomáš!')).toBeVisible();
  await expect(page.getByText(/^You are signed in as /)).toHaveCount(0);
  await saveScreenshot(page, 'set-password-mobile');
  await page.getByLabel('New Password').fill('eva-trains-fridays');
  await page.getByLabel('Confirm Password').fill('eva-trains-fridays');
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('group', { name: 'Eva, this week' })).toBeVisible();
  expect((await fetchCurrentUser(page)).email).toBe(email);
});
