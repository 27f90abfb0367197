import { csvOfRecords, type CsvCell } from '../csv/to-csv';
import type { RowError } from './map-import-rows';
import type { ParsedCsv } from './parse-user-csv';

/** The column of a rejected-rows file that says what to change in its row. */
export const ERROR_COLUMN = 'Error';

/**
 * Issue 33: the rows an import refused, as a CSV file to fix and import again: the upload's header and cells as
 * read (its delimiter too), in file order, with an Error column saying what to change. A file that already has an
 * Error column (the previous round's, imported again) gets its messages there rather than a second one, and a
 * row's cells beyond the header stay after the Error column. Written by csvOfRecords, so a cell starting with a
 * formula character is neutralised (the import drops that `'` again: parse-user-csv.ts). Null when no row failed.
 */
export function rejectedRowsCsv(csv: ParsedCsv, errors: readonly RowError[]): string | null {
  if (errors.length === 0) return null;
  const messages = new Map<number, string[]>();
  for (const { line, message } of errors) messages.set(line, [...(messages.get(line) ?? []), message]);

  const width = csv.headers.length;
  const existing = csv.headers.findIndex((header) => header.trim().toLowerCase() === ERROR_COLUMN.toLowerCase());
  const records: CsvCell[][] = [existing >= 0 ? csv.headers : [...csv.headers, ERROR_COLUMN]];
  for (const row of csv.rows) {
    const rowMessages = messages.get(row.line);
    if (!rowMessages) continue;
    const message = rowMessages.join('; ');
    const cells = Array.from({ length: Math.max(width, row.cells.length) }, (_, i) => row.cells[i] ?? '');
    if (existing >= 0) cells[existing] = message;
    else cells.splice(width, 0, message);
    records.push(cells);
  }
  return csvOfRecords(records, { delimiter: csv.delimiter });
}
