import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// The CSV import wizard of the Users tab: a semicolon-separated spreadsheet export (byte order mark, a quoted
// cell holding the other separator, one bad e-mail, one repeated family, one family that already exists),
// its preview, the import (the dialog cannot be closed meanwhile), the server's counts and error lines, at 1280 px
// and at 390 px, and the imported family found by search. The wizard's rules (files refused before uploading,
// the guessed mapping, the required columns, the first 10 errors) are component tests:
// src/web/features/admin-users/components/import-csv-wizard.test.tsx.
test.describe.configure({ mode: 'serial' });

const run = Date.now();
const okafor = `okafor.family+${run}@example.com`;
const existing = `marta.silva+${run}@example.com`;

const families = [
  'E-mail;First Name;Last Name;Plan;Weekly limit;Child 1;Child 1 Limit;child2_name;Notes',
  `${okafor};Chidi;"Okafor, Jr.";two;2;Ada;2;Obi;"Prefers mornings; call first"`,
  'not-an-email;Nina;Park;ONE;1;Lia;1;;',
  `karin.lindqvist+${run}@example.com;Karin;Lindqvist;ONE;1;Elsa;1;;`,
  `${okafor};Chidi;Okafor;TWO;2;Ada;2;;`,
  `${existing};Marta;Silva;THREE;3;Rui;3;Ines;`,
  `bao.nguyen+${run}@example.com;Bao;Nguyen;ONE;1;Minh;1;;`,
];
const familiesCsv = { name: 'families.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${families.join('\r\n')}\r\n`, 'utf8') };

/** Takes the same view at 1280 px and at 390 px (a phone), and checks the dialog never scrolls sideways. */
async function shoot(page: Page, dialog: Locator, name: string): Promise<void> {
  await saveScreenshot(page, `import-${name}-desktop`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth), 'the dialog fits a 390 px screen').toBeLessThanOrEqual(0);
  await saveScreenshot(page, `import-${name}-mobile`, { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function openWizard(page: Page): Promise<Locator> {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByText(/^Showing \d+ - \d+ of \d+ users$/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const count = (dialog: Locator, label: string) => dialog.locator('dl > div').filter({ has: dialog.page().getByText(label, { exact: true }) }).locator('dd');

test('an admin imports families from a semicolon CSV and finds them by search', async ({ page }) => {
  const dialog = await openWizard(page);
  // One of the file's families already has an account: the import updates it.
  const created = await page.request.post('/api/admin/users', { data: { firstName: 'Marta', lastName: 'Silva', email: existing, firstChildName: 'Rui' } });
  expect(created.status(), await created.text()).toBe(201);

  await expect(dialog.getByText('CSV files (.csv) up to 10 MB and 5,000 rows')).toBeVisible();
  await expect(dialog.getByText(/At most 500 rows of a file may carry a password/)).toBeVisible();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Upload');
  await shoot(page, dialog, 'upload');
  await dialog.getByLabel('CSV file').setInputFiles(familiesCsv);

  // Mapping: guessed from the headers; the Notes column is not imported.
  await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await expect(dialog.getByText('families.csv')).toBeVisible();
  await expect(dialog.getByText('6 rows, 9 columns, semicolon-separated')).toBeVisible();
  // The guessed mapping and the preview's rules: src/web/features/admin-users/components/import-csv-wizard.test.tsx.
  const preview = dialog.getByRole('table', { name: 'Preview of the import' });
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview.locator('tbody tr').first()).toContainText('Okafor, Jr.');
  await shoot(page, dialog, 'mapping');
  await preview.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 390, height: 844 });
  await preview.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'import-mapping-preview-mobile', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Importing: held open until the screenshot is taken; the dialog cannot be closed meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/users/import-csv', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Import 6 rows' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Importing 6 rows from families.csv...' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeHidden();
  await shoot(page, dialog, 'importing');
  release();

  // Complete: the counts, the error lines, and the toast with the created and updated counts.
  await expect(dialog.getByRole('heading', { name: 'Import results for families.csv' })).toBeVisible({ timeout: 15_000 });
  await expect(notifications(page).getByText('Import completed', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('3 users created, 1 updated. 2 rows were not imported.')).toBeVisible();
  await expect(count(dialog, 'Processed')).toHaveText('6');
  await expect(count(dialog, 'Created')).toHaveText('3');
  await expect(count(dialog, 'Updated')).toHaveText('1');
  await expect(count(dialog, 'Errors')).toHaveText('2');
  const errors = dialog.getByRole('list', { name: 'Import errors' }).getByRole('listitem');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toHaveText(/^Line 3: .*Valid email is required/);
  await expect(errors.nth(1)).toHaveText(new RegExp(`^Line 5: duplicate of line 2`));
  await expect(dialog.getByText(/more error/)).toHaveCount(0);
  await shoot(page, dialog, 'complete');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // The imported family, by name and by a child's name.
  const table = page.getByRole('table', { name: 'Users' });
  await page.getByLabel('Search users').fill('Okafor');
  const row = table.locator('tbody tr').filter({ hasText: okafor });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Chidi Okafor, Jr.');
  await expect(row).toContainText(okafor);
  await expect(row).toContainText('Ada, Obi');
  await expect(row).toContainText('Invitation pending');
  await page.getByLabel('Search users').fill('Ines');
  await expect(table.locator('tbody tr').filter({ hasText: existing })).toHaveCount(1);
  await expect(table.locator('tbody tr').filter({ hasText: existing })).toContainText('Rui, Ines');
});
