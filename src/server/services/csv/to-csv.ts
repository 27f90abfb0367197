import { format } from 'date-fns';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '../../../shared/rules/csv-safe';
import { inToronto, torontoDateKey } from '../../../shared/rules/week';

/** A cell as exports give it: text is neutralised against formula injection, numbers are written as they are. */
export type CsvCell = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** The media type every CSV download answers with. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const safeCell = (cell: CsvCell): string | number => {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? neutraliseFormula(cell) : cell;
};

/**
 * A CSV file: UTF-8 byte order mark (so Excel reads accents right), a header row, CRLF line ends (RFC 4180),
 * quoting by csv-stringify, and every text cell, headers included, passed through neutraliseFormula.
 */
export function toCsv<Row>({ columns, rows }: { columns: ReadonlyArray<CsvColumn<Row>>; rows: readonly Row[] }): string {
  return csvOfRecords([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))]);
}

/**
 * Records (the first one the header) written as toCsv writes them; a row may be longer than the header. The
 * delimiter is ',' unless given (a file of rejected rows keeps its upload's ';').
 */
export function csvOfRecords(records: ReadonlyArray<readonly CsvCell[]>, options: { delimiter?: ',' | ';' } = {}): string {
  return stringify(
    records.map((record) => record.map(safeCell)),
    { bom: true, record_delimiter: 'windows', delimiter: options.delimiter ?? ',' },
  );
}

/** `content-disposition` of a download named `<name>-YYYY-MM-DD.csv`, dated the Toronto day of `now`. */
export function csvAttachment({ name, now }: { name: string; now: Date }): string {
  return `attachment; filename="${name}-${torontoDateKey(now)}.csv"`;
}

/** Dates and times in exports: Toronto wall clock, sortable and unambiguous ('2026-11-25', '18:00', '2026-11-25 18:00'). */
export const csvDate = (instant: Date | string) => format(inToronto(instant), 'yyyy-MM-dd');
export const csvTime = (instant: Date | string) => format(inToronto(instant), 'HH:mm');
export const csvDateTime = (instant: Date | string) => format(inToronto(instant), 'yyyy-MM-dd HH:mm');
