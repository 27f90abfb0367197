import { expect, test, type Page } from '@playwright/test';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import { dashboardCalendar, waitForSessions } from './support/calendar';
import { demoAccounts, notifications, saveScreenshot, signIn, signOut } from './support/login';

// Renames Little Movers (no other journey names it) and puts the seeded name back afterwards, whatever happens.
// A refused update ('Update Failed', the dialog kept open) is a component test:
// src/web/features/admin-classes/components/classes-tab.test.tsx.
const SEEDED_NAME = 'Little Movers';
const NEW_NAME = 'Mini Movers';

/** Set while the Settings test has the admin on TEMPORARY_PASSWORD, so the hook below can put the seeded one back. */
const TEMPORARY_PASSWORD = 'admin-temporary-9';
let adminOnTemporaryPassword = false;

test.afterEach(async ({ page, playwright, baseURL }) => {
  if (adminOnTemporaryPassword) {
    const back = await page.request.post('/api/me/change-password', {
      data: { currentPassword: TEMPORARY_PASSWORD, newPassword: demoAccounts.admin.password },
    });
    expect(back.ok()).toBe(true);
    adminOnTemporaryPassword = false;
  }
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: demoAccounts.admin })).ok()).toBe(true);
  const classTypes = (await (await api.get('/api/classes')).json()) as ClassTypeDto[];
  const movers = classTypes.find((c) => c.code === 'MOVERS')!;
  if (movers.name !== SEEDED_NAME) {
    const restored = await api.put(`/api/admin/classes/${movers.id}`, { data: { name: SEEDED_NAME, description: movers.description } });
    expect(restored.ok()).toBe(true);
  }
  await api.dispose();
});

async function openClassesTab(page: Page) {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Classes' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=classes$/);
  const tab = page.getByRole('tabpanel', { name: 'Classes' });
  await expect(tab.getByRole('heading', { name: 'Class Type Management' })).toBeVisible();
  return tab;
}

test('an admin renames a class type and a parent sees the new name in the calendar', async ({ page }) => {
  const tab = await openClassesTab(page);
  const table = tab.getByRole('table', { name: 'Class types' });
  await expect(table.getByRole('columnheader')).toHaveText(['Class Type', 'Age Range', 'Description', 'Actions']);

  const movers = table.getByRole('row').filter({ hasText: SEEDED_NAME });
  await expect(movers).toContainText('Code: MOVERS');
  await expect(movers).toContainText('Ages 5-7');
  await expect(movers).toContainText('Fun fundamentals for our youngest athletes');
  await expect(movers).not.toContainText('(Girls Only)');
  await expect(table.getByRole('row').filter({ hasText: 'Girls Power Hour' })).toContainText('(Girls Only)');
  await saveScreenshot(page, 'admin-classes-desktop');

  const edit = movers.getByRole('button', { name: `Edit ${SEEDED_NAME}` });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Class Type' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(SEEDED_NAME);
  await expect(dialog.getByLabel('Description')).toHaveValue(/^Fun fundamentals/);

  // Name is required.
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, 'admin-classes-edit-dialog', { fullPage: false });

  await name.fill(NEW_NAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notifications(page).getByText('Class Type Updated')).toBeVisible();
  await expect(notifications(page).getByText(new RegExp(NEW_NAME))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const renamed = table.getByRole('row').filter({ hasText: NEW_NAME });
  await expect(renamed).toContainText('Code: MOVERS');
  await expect(table.getByText(SEEDED_NAME, { exact: true })).toHaveCount(0);
  // Focus goes back to the row's Edit button.
  await expect(renamed.getByRole('button', { name: `Edit ${NEW_NAME}` })).toBeFocused();

  await signOut(page);
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await expect(calendar.getByRole('button', { name: new RegExp(`^${NEW_NAME}`) }).first()).toBeVisible();
  await expect(calendar.getByRole('button', { name: new RegExp(`^${SEEDED_NAME}`) })).toHaveCount(0);
  await expect(calendar.getByLabel('Class').getByRole('option', { name: NEW_NAME })).toHaveCount(1);
});

test('the Settings tab changes the admin password with its own messages', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(tab.getByRole('heading', { name: 'Webhook Configurations' })).toBeVisible();

  const form = tab.getByRole('region', { name: 'Change Password' });
  const current = form.getByLabel('Current Password', { exact: true });
  const next = form.getByLabel('New Password', { exact: true });
  const confirm = form.getByLabel('Confirm New Password', { exact: true });
  const submit = form.getByRole('button', { name: 'Change Password' });

  await submit.click();
  await expect(form.getByText('Current password is required')).toBeVisible();
  await expect(form.getByText('New password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('Please confirm your password')).toBeVisible();
  await next.fill('abcdef');
  await confirm.fill('abcdeg');
  await submit.click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();

  // The server refuses a wrong current password; nothing changes.
  await current.fill('not-the-password');
  await confirm.fill('abcdef');
  await submit.click();
  await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Current password is incorrect')).toBeVisible();
  await expect(current).toHaveValue('not-the-password');
  await saveScreenshot(page, 'admin-settings-desktop');

  // The real change: toast, and the form empties; then back to the seeded password the same way.
  for (const [from, to] of [
    [demoAccounts.admin.password, TEMPORARY_PASSWORD],
    [TEMPORARY_PASSWORD, demoAccounts.admin.password],
  ] as const) {
    await current.fill(from);
    await next.fill(to);
    await confirm.fill(to);
    await submit.click();
    await expect(notifications(page).getByText('Success', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText('Password changed successfully')).toBeVisible();
    adminOnTemporaryPassword = to === TEMPORARY_PASSWORD;
    for (const field of [current, next, confirm]) await expect(field).toHaveValue('');
    await notifications(page).getByRole('button', { name: 'Close' }).click();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'admin-settings-mobile');
  await page.getByRole('tab', { name: 'Classes' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Classes' }).getByRole('table', { name: 'Class types' })).toBeVisible();
  await saveScreenshot(page, 'admin-classes-mobile');
  await page.getByRole('tabpanel', { name: 'Classes' }).getByRole('button', { name: `Edit ${SEEDED_NAME}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Class Type' })).toBeInViewport({ ratio: 1 });
  await saveScreenshot(page, 'admin-classes-edit-dialog-mobile', { fullPage: false });
});

// Issue 20, item 12: the class types are listed once, in the Classes tab; Settings leads there.
for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px Settings links to the Classes tab instead of showing the class types a second time`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, demoAccounts.admin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    await expect(settings.getByRole('heading', { name: 'Webhook Configurations' })).toBeVisible();
    await expect(settings.getByRole('table', { name: 'Class types' })).toHaveCount(0);
    await expect(settings.getByRole('button', { name: `Edit ${SEEDED_NAME}` })).toHaveCount(0);
    const section = settings.getByRole('region', { name: 'Class types' });
    await expect(section).toContainText('edited in the Classes tab');
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `admin-settings-classes-link-${size.width}`, { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await section.getByRole('link', { name: 'Edit class types' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=classes$/);
    const classesTab = page.getByRole('tab', { name: 'Classes' });
    await expect(classesTab).toHaveAttribute('aria-selected', 'true');
    await expect(classesTab).toBeFocused();
    const classes = page.getByRole('tabpanel', { name: 'Classes' });
    await expect(classes.getByRole('heading', { name: 'Class Type Management' })).toBeVisible();
    await expect(classes.getByRole('table', { name: 'Class types' }).getByRole('button', { name: `Edit ${SEEDED_NAME}` })).toBeVisible();
  });
}
