import { expect, test, type Locator, type Page } from '@playwright/test';
import type { UsersListResponse } from '../src/shared/schemas/admin-users';
import { demoAccounts, notifications, openApp, saveScreenshot, signIn, signOut, submitLoginForm } from './support/login';
import { waitForMail } from './support/mailbox';

// The admin Users tab, journey by journey: search (a child's name, an e-mail, Clear); a family created without a
// password (welcome e-mail, 'Invitation pending'), edited, given a password by the office (and signing in with
// it), sent a link, and deleted; a family with upcoming bookings cannot be deleted; parents cannot reach the tab.
// Only the family created here is changed, and it is deleted at the end. The row actions each role gets, the edit
// dialog's locks for administrators and a failed list are component tests
// (src/web/features/admin-users/components/users-tab.test.tsx); the server's refusals are
// src/server/routes/admin/users-admin-protection.test.ts.
test.describe.configure({ mode: 'serial' });

/** The family this file creates (no seeded account uses the name or the address). */
const family = { firstName: 'Nadia', lastName: 'Riverdale', email: 'nadia.riverdale@example.com', name: 'Nadia Riverdale' };
const familyPassword = 'riverdale-pass-7';

const CAPTION = /^Showing \d+ - \d+ of \d+ users$/;

async function openUsersTab(page: Page, account: { email: string; password: string } = demoAccounts.admin): Promise<Locator> {
  await signIn(page, account);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
  await expect(page.getByText(CAPTION)).toBeVisible({ timeout: 15_000 });
  return page.getByRole('table', { name: 'Users' });
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });
const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });
const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Types a search and waits for the server's answer (the caption names the total). */
async function search(page: Page, text: string, total: number): Promise<void> {
  await searchBox(page).fill(text);
  await expect(page.getByText(`Showing ${total === 0 ? 0 : 1} - ${total} of ${total} users`)).toBeVisible();
}

async function openRowMenu(page: Page, table: Locator, name: string): Promise<Locator> {
  await rowOf(table, name).getByRole('button', { name: `More actions for ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test('an admin finds families by a child’s name and by email, and Clear brings every user back', async ({ page }) => {
  const table = await openUsersTab(page);
  await expect(table.getByRole('columnheader')).toHaveText(['User', 'Children', 'Role', 'Status', 'No-shows (30 days)', 'Actions']);
  await expect(searchBox(page)).toHaveAttribute('placeholder', "Search by name, email, or child's name...");
  const everyone = (await page.getByText(CAPTION).textContent())!;
  const total = Number(/of (\d+) users/.exec(everyone)![1]);
  expect(total).toBeGreaterThanOrEqual(14);
  // 25 a page: pagination only when there is more than one page.
  await expect(page.getByRole('navigation', { name: 'Users pages' })).toHaveCount(total > 25 ? 1 : 0);

  const priya = rowOf(table, 'Priya Patel');
  await expect(priya).toContainText('parent@example.com');
  await expect(priya).toContainText('Ava, Leo');
  await expect(priya).toContainText('Parent');
  await expect(priya.getByText('Active', { exact: true })).toBeVisible();
  await expect(rowOf(table, 'Adam Archer')).toContainText('No children');
  await expect(rowOf(table, 'Adam Archer')).toContainText('Admin');
  await saveScreenshot(page, 'admin-users-desktop');

  // A child's name finds the family (searched on the server).
  await search(page, 'Zara', 1);
  await expect(bodyRows(table)).toHaveCount(1);
  await expect(rowOf(table, 'Amara Okafor')).toContainText('Zara, Tobi');
  await expect(rowOf(table, 'Amara Okafor')).toContainText('family3@example.com');

  // So does an e-mail address.
  await search(page, 'family7@example.com', 1);
  await expect(rowOf(table, 'Grace Singh')).toContainText('Arjun, Isla');

  await search(page, 'no-such-family-anywhere', 0);
  await expect(table.getByText('No users match your search')).toBeVisible();
  await expect(table.getByText('Try adjusting your search terms')).toBeVisible();
  await saveScreenshot(page, 'admin-users-no-match');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByText(everyone)).toBeVisible();
  await expect(bodyRows(table)).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
});

test('an admin creates a family with two children and no password; the family is emailed and shows as invited', async ({ page }) => {
  const table = await openUsersTab(page);
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Role')).toHaveValue('PARENT');
  await expect(dialog.getByLabel('Weekly Sessions')).toHaveValue('1');
  // Spec 6's two roles, and the coach (issue 34, decision 030).
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Parent', 'Coach', 'Admin']);
  await expect(dialog.getByLabel('Weekly Sessions').locator('option')).toHaveCount(7);

  // Spec 5 messages.
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Last name is required')).toBeVisible();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await dialog.getByLabel('Password (optional)').fill('abc');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await dialog.getByLabel('Password (optional)').fill('');

  await dialog.getByLabel('First Name').fill(family.firstName);
  await dialog.getByLabel('Last Name').fill(family.lastName);
  await dialog.getByLabel('Email Address').fill(family.email);
  await dialog.getByLabel('Plan Tier').selectOption('TWO');
  await dialog.getByLabel('Weekly Sessions').selectOption('2');
  await dialog.getByLabel('1st Child Name').fill('Kofi');
  await dialog.getByLabel('1st Child Weekly Session Limit').fill('2');
  await dialog.getByLabel('2nd Child Name').fill('Nia');
  await dialog.getByLabel('2nd Child Weekly Session Limit').fill('9');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Weekly limit cannot exceed 7')).toBeVisible();
  await dialog.getByLabel('2nd Child Weekly Session Limit').fill('3');
  await saveScreenshot(page, 'admin-users-create-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(notifications(page).getByText('User Created', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText(new RegExp(`welcome email .* sent to ${family.email}`))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New User' })).toBeFocused();

  // The family receives an e-mail with a link to choose their password.
  const mail = await waitForMail(page.request, { to: family.email });
  expect(mail.text).toContain('/reset-password?token=');

  await search(page, 'riverdale', 1);
  const row = rowOf(table, family.name);
  await expect(row).toContainText(family.email);
  await expect(row).toContainText('Kofi, Nia');
  await expect(row).toContainText('Parent');
  await expect(row.getByText('Invitation pending')).toBeVisible();
  // ...and by a child's name.
  await search(page, 'Nia', 1);
  await expect(rowOf(table, family.name)).toBeVisible();

  // The same e-mail again is refused by the server.
  await page.getByRole('button', { name: 'Add New User' }).click();
  await dialog.getByLabel('First Name').fill('Another');
  await dialog.getByLabel('Last Name').fill('Riverdale');
  await dialog.getByLabel('Email Address').fill(family.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(notifications(page).getByText('Creation Failed', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('an admin renames a child and changes a weekly limit; a blank limit falls back to 1', async ({ page }) => {
  const table = await openUsersTab(page);
  await search(page, 'riverdale', 1);
  await rowOf(table, family.name).getByRole('button', { name: `Edit ${family.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User Account' });
  await expect(dialog.getByLabel('First Name')).toHaveValue(family.firstName);
  await expect(dialog.getByLabel('Last Name')).toHaveValue(family.lastName);
  await expect(dialog.getByLabel('Email Address')).toHaveValue(family.email);
  await expect(dialog.getByText('Children Information')).toBeVisible();
  await expect(dialog.getByText('(required)')).toHaveCount(1);
  await expect(dialog.getByText('(optional)')).toHaveCount(3);
  await expect(dialog.getByLabel('1st Child Name')).toHaveValue('Kofi');
  await expect(dialog.getByLabel('1st Child Weekly Session Limit')).toHaveValue('2');
  await expect(dialog.getByLabel('2nd Child Name')).toHaveValue('Nia');
  await expect(dialog.getByLabel('2nd Child Weekly Session Limit')).toHaveValue('3');
  await expect(dialog.getByLabel('3rd Child Name')).toHaveValue('');
  await expect(dialog.getByLabel('Plan Tier')).toHaveValue('TWO');
  await expect(dialog.getByLabel('Weekly Sessions')).toHaveValue('2');
  await expect(dialog.getByLabel('Password', { exact: false })).toHaveCount(0);

  await dialog.getByLabel('2nd Child Name').fill('Amina');
  await dialog.getByLabel('1st Child Weekly Session Limit').fill('');
  await dialog.getByLabel('2nd Child Weekly Session Limit').fill('5');
  await saveScreenshot(page, 'admin-users-edit-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Update User' }).click();
  await expect(notifications(page).getByText('User Updated', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(table, family.name)).toContainText('Kofi, Amina');

  const users = (await (await page.request.get(`/api/admin/users?search=${family.email}`)).json()) as UsersListResponse;
  expect(users.users[0]).toMatchObject({
    firstChildName: 'Kofi',
    firstChildWeeklyLimit: 1,
    secondChildName: 'Amina',
    secondChildWeeklyLimit: 5,
    thirdChildName: null,
  });

  // Reopened, the dialog holds the new values.
  await rowOf(table, family.name).getByRole('button', { name: `Edit ${family.name}` }).click();
  await expect(dialog.getByLabel('1st Child Weekly Session Limit')).toHaveValue('1');
  await expect(dialog.getByLabel('2nd Child Name')).toHaveValue('Amina');
  await expect(dialog.getByLabel('2nd Child Weekly Session Limit')).toHaveValue('5');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('an admin sends the family a fresh set-password link', async ({ page }) => {
  const table = await openUsersTab(page);
  await search(page, 'riverdale', 1);
  const menu = await openRowMenu(page, table, family.name);
  await menu.getByRole('menuitem', { name: `Send Set-Password Link to ${family.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send Set-Password Link' });
  await expect(dialog).toContainText(family.email);
  await expect(dialog).toContainText('Any link sent earlier stops working.');
  await saveScreenshot(page, 'admin-users-send-link-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(notifications(page).getByText('Link Sent', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText(family.email)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(table, family.name).getByRole('button', { name: `More actions for ${family.name}` })).toBeFocused();
});

test('an admin sets the family’s password, and the family signs in with it', async ({ page }) => {
  const table = await openUsersTab(page);
  await search(page, 'riverdale', 1);
  const menu = await openRowMenu(page, table, family.name);
  await menu.getByRole('menuitem', { name: `Change Password for ${family.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Change User Password' });
  const field = dialog.getByLabel('New Password');
  await expect(field).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('New password is required')).toBeVisible();
  await field.fill('short');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  // A common password is refused by the server, and its message is shown under the field.
  await field.fill('123456');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('This password is too common. Choose another one.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(familyPassword);
  await saveScreenshot(page, 'admin-users-password-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(notifications(page).getByText('Password Changed', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // A password chosen: the invitation is no longer pending.
  await expect(rowOf(table, family.name).getByText('Invitation pending')).toHaveCount(0);

  await signOut(page);
  await submitLoginForm(page, { email: family.email, password: familyPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('an admin deactivates the family in Edit User: the table says Inactive and the family cannot sign in', async ({ page }) => {
  const table = await openUsersTab(page);
  await search(page, 'riverdale', 1);
  const row = rowOf(table, family.name);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${family.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User Account' });
  const active = dialog.getByRole('switch', { name: 'Active' });
  await expect(active).toBeChecked();
  await expect(active).toBeEnabled();
  await active.click();
  await expect(active).not.toBeChecked();
  await saveScreenshot(page, 'admin-users-edit-dialog-inactive', { fullPage: false });
  const update = dialog.getByRole('button', { name: 'Update User' });
  await update.scrollIntoViewIfNeeded();
  await expect(update).toBeInViewport();
  await update.click();
  await expect(notifications(page).getByText('User Updated', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toHaveCount(0);

  // Signed out everywhere and refused at sign-in while inactive.
  const login = await page.request.post('/api/auth/login', { data: { email: family.email, password: familyPassword } });
  expect(login.status()).toBe(401);

  // The switch is locked for one's own account and for the Super Admin.
  await search(page, 'Archer', 1);
  await rowOf(table, 'Adam Archer').getByRole('button', { name: 'Edit Adam Archer' }).click();
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeDisabled();
  await expect(dialog.getByText('You cannot deactivate your own account.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // On a phone the dialog and its buttons stay reachable; switching the family back on lets them sign in again.
  await page.setViewportSize({ width: 390, height: 844 });
  await search(page, 'riverdale', 1);
  await row.getByRole('button', { name: `Edit ${family.name}` }).click();
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'admin-users-edit-dialog-active-mobile', { fullPage: false });
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await update.scrollIntoViewIfNeeded();
  await expect(update).toBeInViewport();
  await saveScreenshot(page, 'admin-users-edit-dialog-active-mobile-end', { fullPage: false });
  await update.click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  expect((await page.request.post('/api/auth/login', { data: { email: family.email, password: familyPassword } })).status()).toBe(200);
});

test('a family with upcoming bookings is deleted only with the choice to cancel them; the new family can be', async ({ page }) => {
  const table = await openUsersTab(page);
  let menu = await openRowMenu(page, table, 'Priya Patel');
  await menu.getByRole('menuitem', { name: 'Delete User Priya Patel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(dialog).toContainText('Are you sure you want to delete user Priya Patel (parent@example.com)? This action cannot be undone.');
  // Issue 19: the dialog says what will happen to the bookings, and its only way on is to cancel them first
  // (taken in admin-front-desk.spec.ts; the demo family stays).
  await expect(dialog).toContainText(/This family has \d+ upcoming bookings?\. They will be cancelled first/);
  await expect(dialog.getByRole('button', { name: /^Cancel their \d+ upcoming bookings? and delete$/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
  await saveScreenshot(page, 'admin-users-delete-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(table, 'Priya Patel')).toHaveCount(1);

  await search(page, 'riverdale', 1);
  menu = await openRowMenu(page, table, family.name);
  await menu.getByRole('menuitem', { name: `Delete User ${family.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(notifications(page).getByText('User Deleted', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByText('No users match your search')).toBeVisible();
  await expect(page.getByText('Showing 0 - 0 of 0 users')).toBeVisible();
});

test('the Users tab and its dialogs fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const table = await openUsersTab(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Each user is a card (issue 20): no header row, labelled values, and the actions inside the screen.
  await expect(table.locator('thead')).toBeHidden();
  const card = table.locator('tbody tr').filter({ hasText: 'Priya Patel' });
  await expect(card.getByText('Children', { exact: true })).toBeVisible();
  for (const button of [card.getByRole('button', { name: 'Edit Priya Patel' }), card.getByRole('button', { name: 'More actions for Priya Patel' })]) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await saveScreenshot(page, 'admin-users-mobile');
  await page.getByRole('heading', { level: 2, name: 'Users' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-users-mobile-top', { fullPage: false });

  const fits = async (dialog: Locator, shot: string) => {
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeLessThanOrEqual(844);
    await saveScreenshot(page, shot, { fullPage: false });
  };

  await page.getByRole('button', { name: 'Add New User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await fits(create, 'admin-users-create-dialog-mobile');
  // The dialog scrolls inside: its buttons can be reached.
  await create.getByRole('button', { name: 'Create User' }).scrollIntoViewIfNeeded();
  await expect(create.getByRole('button', { name: 'Create User' })).toBeInViewport();
  await saveScreenshot(page, 'admin-users-create-dialog-mobile-end', { fullPage: false });
  await page.keyboard.press('Escape');

  await rowOf(table, 'Priya Patel').getByRole('button', { name: 'Edit Priya Patel' }).click();
  await fits(page.getByRole('dialog', { name: 'Edit User Account' }), 'admin-users-edit-dialog-mobile');
  await page.keyboard.press('Escape');

  let menu = await openRowMenu(page, table, 'Priya Patel');
  await menu.getByRole('menuitem', { name: 'Change Password for Priya Patel' }).click();
  await fits(page.getByRole('dialog', { name: 'Change User Password' }), 'admin-users-password-dialog-mobile');
  await page.keyboard.press('Escape');

  menu = await openRowMenu(page, table, 'Priya Patel');
  await menu.getByRole('menuitem', { name: 'Delete User Priya Patel' }).click();
  await fits(page.getByRole('alertdialog', { name: 'Delete User' }), 'admin-users-delete-dialog-mobile');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(rowOf(table, 'Priya Patel').getByRole('button', { name: 'More actions for Priya Patel' })).toBeFocused();
});

test('a parent cannot reach the Users tab', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  await openApp(page, '/admin?tab=users');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});
