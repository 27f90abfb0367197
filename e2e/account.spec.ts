import { expect, test } from '@playwright/test';
import { demoAccounts, notifications, openUserMenu, saveScreenshot, signIn, signOut, submitLoginForm } from './support/login';

// The only journey that touches parent2: it changes that account's password.
test('a parent changes their own password and signs in with the new one only', async ({ page }) => {
  const oldPassword = demoAccounts.parent2.password;
  const newPassword = 'parent-new-2';

  await signIn(page, demoAccounts.parent2);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Change Password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel('Current Password', { exact: true });
  const next = dialog.getByLabel('New Password', { exact: true });
  const confirm = dialog.getByLabel('Confirm New Password', { exact: true });
  const submit = dialog.getByRole('button', { name: 'Change Password' });

  // Client validation.
  await submit.click();
  await expect(dialog.getByText('Current password is required')).toBeVisible();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(dialog.getByText('Please confirm your password')).toBeVisible();
  await next.fill(newPassword);
  await confirm.fill('something-else');
  await submit.click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await saveScreenshot(page, 'change-password-dialog');

  // The server refuses a wrong current password.
  await current.fill('wrong-current-password');
  await confirm.fill(newPassword);
  await submit.click();
  await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Current password is incorrect')).toBeVisible();
  await expect(dialog).toBeVisible();

  // A common new password is refused by the server, with its message under the field.
  await current.fill(oldPassword);
  await next.fill('iloveyou1');
  await confirm.fill('iloveyou1');
  await submit.click();
  await expect(dialog.getByText('This password is too common. Choose another one.')).toBeVisible();
  await expect(next).toHaveAttribute('aria-invalid', 'true');

  // The real change.
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(notifications(page).getByText('Success', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Password changed successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Reopening shows an empty form.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeFocused();

  await signOut(page);

  // The old password no longer works.
  await submitLoginForm(page, { email: demoAccounts.parent2.email, password: oldPassword });
  await expect(notifications(page).getByText('Login Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The new one does.
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
