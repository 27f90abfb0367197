import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// The CSV import wizard of the Users tab: a semicolon-separated spreadsheet export (byte order mark, a quoted
// cell holding the other separator, one bad e-mail, one repeated family, one family that already exists),
// the guessed column mapping and its 5-row preview, the import (the dialog cannot be closed meanwhile), the
// counts and the error lines; then the files the wizard refuses before uploading, and a file with more errors
// than are listed.
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
  const guessed: Array<[string, string]> = [
    ['Email', 'E-mail'],
    ['First Name', 'First Name'],
    ['Last Name', 'Last Name'],
    ['Password', ''],
    ['Plan Tier', 'Plan'],
    ['Weekly Sessions', 'Weekly limit'],
    ['Child 1 Name', 'Child 1'],
    ['Child 1 Weekly Limit', 'Child 1 Limit'],
    ['Child 2 Name', 'child2_name'],
    ['Child 2 Weekly Limit', ''],
  ];
  for (const [field, header] of guessed) await expect(dialog.getByRole('combobox', { name: field, exact: true })).toHaveValue(header);
  await expect(dialog.getByRole('combobox', { name: 'Email', exact: true })).toHaveAttribute('aria-required', 'true');

  // The preview: the first 5 of the 6 rows, only the mapped columns, the quoted cell in one piece.
  await expect(dialog.getByText('The first 5 of 6 rows, as they will be imported.')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Preview of the import' });
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview.locator('thead th')).toHaveCount(9); // Line + 8 mapped fields
  // Numbered by the file's lines (the header is line 1), as the errors will be.
  await expect(preview.locator('tbody tr td:first-child')).toHaveText(['2', '3', '4', '5', '6']);
  await expect(preview.getByRole('columnheader', { name: /Last Name\s*from “Last Name”/ })).toBeVisible();
  await expect(preview.locator('tbody tr').first()).toContainText('Okafor, Jr.');
  await expect(preview).not.toContainText('Prefers mornings');
  await expect(preview).not.toContainText('bao.nguyen');
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

test('the wizard refuses bad files before uploading and lists only the first 10 errors', async ({ page }) => {
  const dialog = await openWizard(page);
  const fileInput = dialog.getByLabel('CSV file');
  const toast = notifications(page);

  await fileInput.setInputFiles({ name: 'families.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(toast.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(toast.getByText('Please select a CSV file')).toBeVisible();

  await fileInput.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(toast.getByText('File error', { exact: true })).toBeVisible();
  await expect(toast.getByText('The CSV file appears to be empty')).toBeVisible();

  await fileInput.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });
  await expect(toast.getByText(/larger than the 10 MB limit/)).toBeVisible();

  // Issue 29: 5,000 rows a file, at most 500 of them with a password; refused before anything is uploaded.
  const families = (count: number, withPassword: number) =>
    Buffer.from(['email,first_name,last_name,password', ...Array.from({ length: count }, (_, i) => `limit-${i}@example.com,Pat,Doe,${i < withPassword ? `Pw-${i}-long` : ''}`)].join('\n'));
  await fileInput.setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: families(5001, 0) });
  await expect(toast.getByText('The CSV file has more than 5,000 rows. Please split it into smaller files.')).toBeVisible();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Upload');
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/users/import-csv')) uploads++;
  });
  await fileInput.setInputFiles({ name: 'passwords.csv', mimeType: 'text/csv', buffer: families(600, 501) });
  await dialog.getByRole('button', { name: 'Import 600 rows' }).click();
  await expect(toast.getByText('Too many passwords', { exact: true })).toBeVisible();
  await expect(toast.getByText(/more than 500 rows with a password/)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
  expect(uploads).toBe(0);
  await dialog.getByRole('button', { name: 'Back' }).click();

  await fileInput.setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('email,first_name\n"a@example.com,Ann\nb@example.com,Bo\n') });
  await expect(toast.getByText('Parse error', { exact: true })).toBeVisible();
  await expect(toast.getByText('Unable to parse CSV file. Please check the format.')).toBeVisible();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Upload');

  // Twelve rows, every one with a bad e-mail.
  const rows = Array.from({ length: 12 }, (_, i) => `bad-address-${i + 1},Pat,Doe${i + 1}`);
  await fileInput.setInputFiles({ name: 'bad-rows.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,first_name,last_name', ...rows].join('\n')) });
  await expect(dialog.getByRole('combobox', { name: 'Email', exact: true })).toHaveValue('email');

  // Back clears everything; the same file again starts from the guess.
  await dialog.getByRole('combobox', { name: 'Email', exact: true }).selectOption({ label: 'Do not import' });
  await dialog.getByRole('button', { name: 'Import 12 rows' }).click();
  await expect(toast.getByText('Required fields missing', { exact: true })).toBeVisible();
  await expect(toast.getByText('Please map Email, First Name, and Last Name columns')).toBeVisible();
  await expect(dialog.getByText('Choose the column that holds the email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Upload');
  await fileInput.setInputFiles({ name: 'bad-rows.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,first_name,last_name', ...rows].join('\n')) });
  await expect(dialog.getByRole('combobox', { name: 'Email', exact: true })).toHaveValue('email');
  await expect(dialog.getByText('Choose the column that holds the email')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Import 12 rows' }).click();
  await expect(count(dialog, 'Errors')).toHaveText('12');
  await expect(count(dialog, 'Created')).toHaveText('0');
  const errors = dialog.getByRole('list', { name: 'Import errors' }).getByRole('listitem');
  await expect(errors).toHaveCount(10);
  await expect(errors.first()).toHaveText(/^Line 2: /);
  await expect(dialog.getByText('and 2 more errors', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'import-complete-many-errors-desktop', { fullPage: false });

  // 'Import another file' starts over.
  await dialog.getByRole('button', { name: 'Import another file' }).click();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Upload');
  await expect(dialog.getByLabel('CSV file')).toBeEnabled();
});
