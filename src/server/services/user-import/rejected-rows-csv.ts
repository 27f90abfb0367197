import { csvOfRecords, type CsvCell } from '../csv/to-csv';
import type { RowError } from './map-import-rows';
import type { ParsedCsv } from './parse-user-csv';

/** The column of a rejected-rows file that says what to change in its row. */
export const ERROR_COLUMN = 'Error';

/** Added to a rejected row's Error when its password was left out of the file. */
const PASSWORD_WITHHELD = 'the password is left out of this file: write it again, or leave it empty to send a set-password link';

/**
 * Issue 33: the rows an import refused, as a CSV file to fix and import again: the upload's header and cells as
 * read (its delimiter too), in file order, with an Error column saying what to change. A file that already has an
 * Error column (the previous round's, imported again) gets its messages there rather than a second one, and a
 * row's cells beyond the header stay after the Error column. Written by csvOfRecords, so a cell starting with a
 * formula character is neutralised (the import drops that `'` again: parse-user-csv.ts). Null when no row failed.
 * The cells of `withheld` columns (the mapped password column) are left empty: no password goes back in an answer or
 * into a downloaded file; the row's Error says so when it had one (write it again, or leave it empty for a link).
 */
export function rejectedRowsCsv(csv: ParsedCsv, errors: readonly RowError[], withheld: readonly (string | undefined)[] = []): string | null {
  if (errors.length === 0) return null;
  const messages = new Map<number, string[]>();
  for (const { line, message } of errors) messages.set(line, [...(messages.get(line) ?? []), message]);

  const width = csv.headers.length;
  const blanked = new Set(withheld.filter((header): header is string => Boolean(header)).map((header) => csv.headers.indexOf(header)).filter((i) => i >= 0));
  const existing = csv.headers.findIndex((header) => header.trim().toLowerCase() === ERROR_COLUMN.toLowerCase());
  const records: CsvCell[][] = [existing >= 0 ? csv.headers : [...csv.headers, ERROR_COLUMN]];
  for (const row of csv.rows) {
    const rowMessages = messages.get(row.line);
    if (!rowMessages) continue;
    const cells = Array.from({ length: Math.max(width, row.cells.length) }, (_, i) => row.cells[i] ?? '');
    const hadPassword = [...blanked].some((i) => cells[i]!.trim() !== '');
    for (const i of blanked) cells[i] = '';
    const message = [...rowMessages, ...(hadPassword ? [PASSWORD_WITHHELD] : [])].join('; ');
    if (existing >= 0) cells[existing] = message;
    else cells.splice(width, 0, message);
    records.push(cells);
  }
  return csvOfRecords(records, { delimiter: csv.delimiter });
}
