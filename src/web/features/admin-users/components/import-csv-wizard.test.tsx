import { describe, expect, it, vi } from 'vitest';
import { configure, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CsvImportResult } from '../../../../shared/schemas/admin-users';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { ImportCsvWizard } from './import-csv-wizard';

// The import wizard's steps (spec 2, 4, 5 and 8), below the browser: the checks made before uploading, the
// guessed mapping and its preview, what is sent, the importing step that cannot be closed, and the results.
// The end-to-end import against the real server (its error lines, the imported family found by search) and the
// dialog at 390 px stay in e2e/admin-import.spec.ts.

const families = [
  'Email;First Name;Last Name;Plan;Weekly limit;Child 1;Child 1 Limit;child2_name;Notes',
  'okafor.family@example.com;Chidi;"Okafor, Jr.";two;2;Ada;2;Obi;"Prefers mornings; call first"',
  'not-an-email;Nina;Park;ONE;1;Lia;1;;',
  'karin.lindqvist@example.com;Karin;Lindqvist;ONE;1;Elsa;1;;',
  'okafor.family@example.com;Chidi;Okafor;TWO;2;Ada;2;;',
  'marta.silva@example.com;Marta;Silva;THREE;3;Rui;3;Ines;',
  'bao.nguyen@example.com;Bao;Nguyen;ONE;1;Minh;1;;',
];
const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const familiesCsv = () => csv('families.csv', `\uFEFF${families.join('\r\n')}\r\n`);
const badRows = () =>
  csv('bad-rows.csv', ['email,first_name,last_name', ...Array.from({ length: 12 }, (_, i) => `bad-address-${i + 1},Pat,Doe${i + 1}`)].join('\n'));

function result(summary: CsvImportResult['summary'], errors: string[]): CsvImportResult {
  return { summary, errors } as CsvImportResult;
}

async function openWizard() {
  const rendered = await renderApp(<ImportCsvWizard open onOpenChange={() => {}} />, { user: admin() });
  const dialog = screen.getByRole('dialog', { name: 'Import Users from CSV' });
  const step = () => dialog.querySelector('[aria-current="step"]');
  return { ...rendered, dialog, step, fileInput: within(dialog).getByLabelText('CSV file') };
}

/** The count under `label` in the results. */
function count(dialog: HTMLElement, label: string) {
  return within(dialog).getByText(label, { exact: true }).closest('div')!.querySelector('dd')!;
}

/** The toasts (outside the dialog, which hides the rest of the page from role queries while it is open). */
const toasts = () => ({
  findByText: async (text: string | RegExp, options?: { exact?: boolean }) => (await screen.findAllByText(text, options))[0]!,
  getByText: (text: string | RegExp, options?: { exact?: boolean }) => screen.getAllByText(text, options)[0]!,
});

// Reading a 10 MB file and 5,000 rows takes jsdom a while on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

describe('CSV import wizard', { timeout: 30_000 }, () => {
  it('guesses the mapping from the headers and previews the first 5 rows as they will be imported', async () => {
    const { user, dialog, step, fileInput } = await openWizard();
    expect(within(dialog).getByText('CSV files (.csv) up to 10 MB and 5,000 rows')).toBeVisible();
    expect(within(dialog).getByText(/At most 500 rows of a file may carry a password/)).toBeVisible();
    expect(step()).toHaveTextContent('Upload');

    await user.upload(fileInput, familiesCsv());

    const heading = await within(dialog).findByRole('heading', { name: 'Match the columns' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(step()).toHaveTextContent('Map columns');
    expect(within(dialog).getByText('families.csv')).toBeVisible();
    expect(within(dialog).getByText('6 rows, 9 columns, semicolon-separated')).toBeVisible();
    const guessed: Array<[string, string]> = [
      ['Email', 'Email'],
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
    for (const [field, header] of guessed) expect(within(dialog).getByRole('combobox', { name: field })).toHaveValue(header);
    expect(within(dialog).getByRole('combobox', { name: 'Email' })).toHaveAttribute('aria-required', 'true');

    // The first 5 of the 6 rows, only the mapped columns (Line + 8 fields), numbered by the file's lines.
    expect(within(dialog).getByText('The first 5 of 6 rows, as they will be imported.')).toBeVisible();
    const preview = within(dialog).getByRole('table', { name: 'Preview of the import' });
    const rows = preview.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(5);
    expect(preview.querySelectorAll('thead th')).toHaveLength(9);
    expect([...rows].map((row) => row.querySelector('td')!.textContent)).toEqual(['2', '3', '4', '5', '6']);
    expect(within(preview).getByRole('columnheader', { name: /Last Name\s*from “Last Name”/ })).toBeVisible();
    expect(rows[0]).toHaveTextContent('Okafor, Jr.');
    expect(preview).not.toHaveTextContent('Prefers mornings');
    expect(preview).not.toHaveTextContent('bao.nguyen');
  });

  it('sends the file with the mapping, cannot be closed while importing, then shows the counts, the errors and a toast', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent: { mapping: unknown; file: boolean; dateOrder: unknown } | null = null;
    api.use(
      http.post('/api/admin/users/import-csv', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('csvFile');
        // jsdom's File does not reach the fake API's multipart parser intact: the file's upload itself is the journey's
        // (e2e/admin-import.spec.ts); here, that it is sent beside the mapping.
        sent = { mapping: JSON.parse(String(form.get('columnMapping'))), file: file !== null, dateOrder: form.get('dateOrder') };
        await held;
        return HttpResponse.json(
          result({ processed: 6, created: 3, updated: 1, errors: 2 }, ['Line 3: email: Valid email is required', 'Line 5: duplicate of line 2']),
        );
      }),
      http.get('/api/admin/users', () => HttpResponse.json([])),
    );
    const { user, dialog, fileInput } = await openWizard();
    await user.upload(fileInput, familiesCsv());
    await user.click(await within(dialog).findByRole('button', { name: 'Import 6 rows' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Importing 6 rows from families.csv...');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Import Users from CSV' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Importing...' })).toBeDisabled();
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      file: true,
      // Issue 33: sent whether or not the file has dates (ISO dates are read either way).
      dateOrder: 'MDY',
      mapping: {
        email: 'Email',
        firstName: 'First Name',
        lastName: 'Last Name',
        planTier: 'Plan',
        weeklyLimit: 'Weekly limit',
        firstChildName: 'Child 1',
        firstChildWeeklyLimit: 'Child 1 Limit',
        secondChildName: 'child2_name',
      },
    });
    release();

    expect(await within(dialog).findByRole('heading', { name: 'Import results for families.csv' })).toBeVisible();
    expect(await toasts().findByText('Import completed', { exact: true })).toBeVisible();
    expect(toasts().getByText('3 users created, 1 updated. 2 rows were not imported.')).toBeVisible();
    expect(count(dialog, 'Processed')).toHaveTextContent('6');
    expect(count(dialog, 'Created')).toHaveTextContent('3');
    expect(count(dialog, 'Updated')).toHaveTextContent('1');
    expect(count(dialog, 'Errors')).toHaveTextContent('2');
    const errors = within(within(dialog).getByRole('list', { name: 'Import errors' })).getAllByRole('listitem');
    expect(errors.map((e) => e.textContent)).toEqual(['Line 3: email: Valid email is required', 'Line 5: duplicate of line 2']);
    expect(within(dialog).queryByText(/more error/)).toBeNull();
  });

  it('refuses a file that is not a CSV, an empty one, one over 10 MB, over 5,000 rows or unparsable, before uploading', async () => {
    let uploads = 0;
    api.use(http.post('/api/admin/users/import-csv', () => (uploads++, HttpResponse.json(result({ processed: 0, created: 0, updated: 0, errors: 0 }, [])))));
    const { step, fileInput } = await openWizard();
    // The file picker's "All files" lets a person choose any file: the wizard checks it itself.
    const anyFile = userEvent.setup({ applyAccept: false });
    const choose = (file: File) => anyFile.upload(fileInput, file);

    await choose(new File(['PK'], 'families.xlsx', { type: 'application/octet-stream' }));
    expect(await toasts().findByText('Invalid file type', { exact: true })).toBeVisible();
    expect(toasts().getByText('Please select a CSV file')).toBeVisible();

    await choose(csv('empty.csv', ''));
    expect(await toasts().findByText('The CSV file appears to be empty')).toBeVisible();
    expect(toasts().getByText('File error', { exact: true })).toBeVisible();

    await choose(csv('huge.csv', 'a'.repeat(10 * 1024 * 1024 + 1)));
    expect(await toasts().findByText(/larger than the 10 MB limit/)).toBeVisible();

    const tooMany = ['email,first_name,last_name', ...Array.from({ length: 5001 }, (_, i) => `limit-${i}@example.com,Pat,Doe`)].join('\n');
    await choose(csv('too-many.csv', tooMany));
    expect(await toasts().findByText('The CSV file has more than 5,000 rows. Please split it into smaller files.')).toBeVisible();
    expect(step()).toHaveTextContent('Upload');

    await choose(csv('broken.csv', 'email,first_name\n"a@example.com,Ann\nb@example.com,Bo\n'));
    expect(await toasts().findByText('Unable to parse CSV file. Please check the format.')).toBeVisible();
    expect(toasts().getByText('Parse error', { exact: true })).toBeVisible();
    expect(step()).toHaveTextContent('Upload');
    expect(uploads).toBe(0);
  });

  it('refuses more than 500 rows with a password before uploading', async () => {
    let uploads = 0;
    api.use(http.post('/api/admin/users/import-csv', () => (uploads++, HttpResponse.json(result({ processed: 0, created: 0, updated: 0, errors: 0 }, [])))));
    const { user, dialog, fileInput } = await openWizard();
    const rows = Array.from({ length: 600 }, (_, i) => `limit-${i}@example.com,Pat,Doe,${i < 501 ? `Pw-${i}-long` : ''}`);
    await user.upload(fileInput, csv('passwords.csv', ['email,first_name,last_name,password', ...rows].join('\n')));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 600 rows' }));

    expect(await toasts().findByText('Too many passwords', { exact: true })).toBeVisible();
    expect(toasts().getByText(/more than 500 rows with a password/)).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Match the columns' })).toBeVisible();
    expect(uploads).toBe(0);
  });

  it('asks for the required columns; Back starts over and the same file is guessed again', async () => {
    const { user, dialog, step, fileInput } = await openWizard();
    await user.upload(fileInput, badRows());
    const email = await within(dialog).findByRole('combobox', { name: 'Email' });
    expect(email).toHaveValue('email');

    await user.selectOptions(email, 'Do not import');
    await user.click(within(dialog).getByRole('button', { name: 'Import 12 rows' }));
    expect(await toasts().findByText('Required fields missing', { exact: true })).toBeVisible();
    expect(toasts().getByText('Please map Email, First Name, and Last Name columns')).toBeVisible();
    expect(within(dialog).getByText('Choose the column that holds the email')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(step()).toHaveTextContent('Upload');
    await user.upload(within(dialog).getByLabelText('CSV file'), badRows());
    expect(await within(dialog).findByRole('combobox', { name: 'Email' })).toHaveValue('email');
    expect(within(dialog).queryByText('Choose the column that holds the email')).toBeNull();
  });

  it('lists the first 10 errors and counts the rest; Import another file starts over', async () => {
    api.use(
      http.post('/api/admin/users/import-csv', () =>
        HttpResponse.json(
          result(
            { processed: 12, created: 0, updated: 0, errors: 12 },
            Array.from({ length: 12 }, (_, i) => `Line ${i + 2}: email: Valid email is required`),
          ),
        ),
      ),
      http.get('/api/admin/users', () => HttpResponse.json([])),
    );
    const { user, dialog, step, fileInput } = await openWizard();
    await user.upload(fileInput, badRows());
    await user.click(await within(dialog).findByRole('button', { name: 'Import 12 rows' }));

    await within(dialog).findByRole('heading', { name: 'Import results for bad-rows.csv' });
    expect(count(dialog, 'Errors')).toHaveTextContent('12');
    expect(count(dialog, 'Created')).toHaveTextContent('0');
    const errors = within(within(dialog).getByRole('list', { name: 'Import errors' })).getAllByRole('listitem');
    expect(errors).toHaveLength(10);
    expect(errors[0]).toHaveTextContent(/^Line 2: /);
    expect(within(dialog).getByText('and 2 more errors', { exact: true })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(step()).toHaveTextContent('Upload');
    expect(within(dialog).getByLabelText('CSV file')).toBeEnabled();
  });

  it('a refused import goes back to the mapping with the server’s message; a 413 names the size limit', async () => {
    let answer = refusal(400, 'VALIDATION_ERROR', 'Column mapping is invalid');
    api.use(http.post('/api/admin/users/import-csv', () => answer));
    const { user, dialog, fileInput } = await openWizard();
    await user.upload(fileInput, badRows());
    await user.click(await within(dialog).findByRole('button', { name: 'Import 12 rows' }));

    expect(await toasts().findByText('Import failed', { exact: true })).toBeVisible();
    expect(toasts().getByText('Column mapping is invalid')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Match the columns' })).toBeVisible();

    answer = new HttpResponse('<html>Request Entity Too Large</html>', { status: 413 }) as ReturnType<typeof refusal>;
    await user.click(within(dialog).getByRole('button', { name: 'Import 12 rows' }));
    expect(await toasts().findByText('The CSV file is larger than the 10 MB limit.')).toBeVisible();
  });

  describe('a real spreadsheet (issue 33)', () => {
    const messy = () =>
      csv(
        'messy.csv',
        [
          'Email,First Name,Last Name,Child 1,Child 1 DOB,Child 1 Sex,Child 1 Limit',
          'ana@example.com,Ana,Ruiz,Lia,03/14/2015,F,2 per week',
          'ben@example.com,Ben,Okoro,Obi,14/03/2015,-,2x',
          'cy@example.com,Cy,Tam,Mo,2016-02-29,X,twice',
          'di@example.com,Di,Lee,,31/12/2015,X,9',
        ].join('\n'),
      );
    const cellsOf = (dialog: HTMLElement, line: number) => {
      const preview = within(dialog).getByRole('table', { name: 'Preview of the import' });
      const row = [...preview.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td')!.textContent === String(line))!;
      // Each cell's value, without the label the narrow layout's cards show beside it.
      return [...row.querySelectorAll('td')].slice(1).map((td) => (td.querySelector(':scope > div') ?? td).textContent);
    };
    const previewProblems = (dialog: HTMLElement) =>
      within(within(dialog).getByRole('list', { name: 'Problems in the preview' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    it('the mapping step chooses the date order; the preview reads the cells as the server will and says what to change', async () => {
      let sentOrder: unknown = null;
      api.use(
        http.post('/api/admin/users/import-csv', async ({ request }) => {
          sentOrder = (await request.formData()).get('dateOrder');
          return HttpResponse.json(result({ processed: 4, created: 2, updated: 0, errors: 2 }, []));
        }),
        http.get('/api/admin/users', () => HttpResponse.json([])),
      );
      const { user, dialog, fileInput } = await openWizard();
      await user.upload(fileInput, messy());
      await within(dialog).findByRole('heading', { name: 'Match the columns' });
      expect(within(dialog).getByRole('combobox', { name: 'Child 1 Date of Birth' })).toHaveValue('Child 1 DOB');

      const dates = within(dialog).getByRole('group', { name: 'Dates are' });
      const monthFirst = within(dates).getByRole('radio', { name: 'Month/Day/Year (03/14/2015)' });
      const dayFirst = within(dates).getByRole('radio', { name: 'Day/Month/Year (14/03/2015)' });
      expect(monthFirst).toBeChecked();
      expect(within(dialog).getByText('Dates written as 2015-03-14 are read either way.')).toBeVisible();
      // Read as imported: the ISO date, F/M, a limit's number; '-' is not recorded; a blank child name ignores the slot.
      // Columns: e-mail, names, Child 1 name, weekly limit, date of birth, sex.
      expect(cellsOf(dialog, 2)).toEqual(['ana@example.com', 'Ana', 'Ruiz', 'Lia', '2', '2015-03-14', 'F']);
      expect(cellsOf(dialog, 3)).toEqual(['ben@example.com', 'Ben', 'Okoro', 'Obi', '2', '14/03/2015 (will not import)', '–']);
      expect(cellsOf(dialog, 5)).toEqual(['di@example.com', 'Di', 'Lee', '–', '–', '–', '–']);
      expect(within(dialog).getByText('2 previewed rows will not import as written')).toBeVisible();
      expect(previewProblems(dialog)).toEqual([
        'Line 3: Child 1 Date of Birth "14/03/2015" is not a month/day/year date: choose Day/Month/Year or write 2015-03-14',
        'Line 4: Child 1 Weekly Limit "twice": write a whole number from 1 to 7, such as 2 or 2 per week',
        'Line 4: Child 1 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded',
      ]);

      await user.click(dayFirst);
      expect(dayFirst).toBeChecked();
      expect(cellsOf(dialog, 2)[5]).toBe('03/14/2015 (will not import)');
      expect(cellsOf(dialog, 3)[5]).toBe('2015-03-14');
      expect(cellsOf(dialog, 4)[5]).toBe('2016-02-29');
      expect(previewProblems(dialog)[0]).toBe(
        'Line 2: Child 1 Date of Birth "03/14/2015" is not a day/month/year date: choose Month/Day/Year or write 2015-03-14',
      );

      await user.click(within(dialog).getByRole('button', { name: 'Import 4 rows' }));
      await within(dialog).findByRole('heading', { name: 'Import results for messy.csv' });
      expect(sentOrder).toBe('DMY');
    });

    it('offers no date order without a date column', async () => {
      const { user, dialog, fileInput } = await openWizard();
      await user.upload(fileInput, familiesCsv());
      await within(dialog).findByRole('heading', { name: 'Match the columns' });
      expect(within(dialog).queryByRole('group', { name: 'Dates are' })).toBeNull();
      expect(within(dialog).queryByRole('list', { name: 'Problems in the preview' })).toBeNull();
    });

    it('keeps the first 10 errors and the count of the rest, and downloads the rejected rows with their Error column', async () => {
      const rejected = '\uFEFFEmail,First Name,Last Name,Child 1,Child 1 DOB,Child 1 Sex,Child 1 Limit,Error\r\nben@example.com,Ben,Okoro,Obi,14/03/2015,\'-,2x,"Child 1 Date of Birth ""14/03/2015"" is not …"\r\n';
      api.use(
        http.post('/api/admin/users/import-csv', () =>
          HttpResponse.json({
            summary: { processed: 30, created: 18, updated: 0, errors: 12 },
            errors: Array.from({ length: 12 }, (_, i) => `Line ${i + 2}: Child 1 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded`),
            rejectedRowsCsv: rejected,
          }),
        ),
        http.get('/api/admin/users', () => HttpResponse.json([])),
      );
      const blobs: Blob[] = [];
      // jsdom has no object URLs and does not download: the Blob and the link's click are what the browser gets.
      const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
      Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:http://portal.test/rejected')), revokeObjectURL: vi.fn() });
      const downloads: Array<{ href: string; download: string }> = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
      try {
        const { user, dialog, fileInput } = await openWizard();
        await user.upload(fileInput, messy());
        await user.click(await within(dialog).findByRole('button', { name: 'Import 4 rows' }));
        await within(dialog).findByRole('heading', { name: 'Import results for messy.csv' });

        expect(within(within(dialog).getByRole('list', { name: 'Import errors' })).getAllByRole('listitem')).toHaveLength(10);
        expect(within(dialog).getByText('and 2 more errors', { exact: true })).toBeVisible();
        expect(within(dialog).getByText(/Download these rows with an Error column saying what to change/)).toBeVisible();
        await user.click(within(dialog).getByRole('button', { name: 'Download rejected rows (CSV)' }));

        expect(downloads).toEqual([{ href: 'blob:http://portal.test/rejected', download: 'messy-rejected-rows.csv' }]);
        expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
        // The server's text exactly, byte order mark and all (Excel reads accents right with it).
        expect(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
        expect(await blobs[0]!.text()).toBe(rejected.slice(1));
      } finally {
        click.mockRestore();
        Object.assign(URL, objectUrls);
      }
    });

    it('offers no download when every row imported', async () => {
      api.use(
        http.post('/api/admin/users/import-csv', () => HttpResponse.json(result({ processed: 12, created: 12, updated: 0, errors: 0 }, []))),
        http.get('/api/admin/users', () => HttpResponse.json([])),
      );
      const { user, dialog, fileInput } = await openWizard();
      await user.upload(fileInput, badRows());
      await user.click(await within(dialog).findByRole('button', { name: 'Import 12 rows' }));
      expect(await within(dialog).findByText('Every row was imported')).toBeVisible();
      expect(within(dialog).queryByRole('button', { name: /Download rejected rows/ })).toBeNull();
    });
  });
});
