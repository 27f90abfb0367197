import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signIn } from './support/login';

// The user menu's dropdown library loads after the top bar renders (issue 10: first-load budget); until it is in,
// an identical button stands in. These journeys hold the menu's chunk back to show the stand-in keeps every press.
async function signInWithSlowUserMenu(page: Page): Promise<void> {
  await page.route(/\/assets\/user-menu-dropdown-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await signIn(page, demoAccounts.parent);
}

test('a click on the user menu before it has loaded opens it once it has', async ({ page }) => {
  await signInWithSlowUserMenu(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
});

test('Enter on the user menu before it has loaded focuses its first item; Escape returns to the button', async ({ page }) => {
  await signInWithSlowUserMenu(page);
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('focus on the user menu button stays on it when the menu loads', async ({ page }) => {
  await signInWithSlowUserMenu(page);
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.focus();
  await expect(trigger).toHaveAttribute('data-state', 'closed');
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
});
