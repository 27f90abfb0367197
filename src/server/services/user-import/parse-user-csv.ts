import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { CSV_EMPTY, CSV_UNPARSABLE, csvTooManyRows as tooManyRows } from '../../../shared/schemas/admin-users';
import { restoreNeutralised } from '../../../shared/rules/csv-safe';
import { HttpError } from '../../http-error';
import { turnTaker } from './take-turns';

export const CSV_NO_DATA_ROWS = 'The CSV file has a header row but no data rows';

/** One data row of the file: its cells, and the line of the file it starts on (the header is line 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
  delimiter: ',' | ';';
}

/**
 * The file's text: UTF-8 (a byte order mark is dropped), or Windows-1252 when the bytes are not valid UTF-8
 * (a spreadsheet saved as "CSV" rather than "CSV UTF-8" on Windows), so 'Émilie' arrives as 'Émilie' either way.
 */
export function decodeCsvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Comma or semicolon (spreadsheets in comma-decimal locales write ';'): whichever the header line has more of, outside quotes. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const countNewlines = (cell: string) => {
  let count = 0;
  for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) count++;
  return count;
};

/** Text handed to the parser at a time: a few milliseconds of parsing between two turns (take-turns.ts). */
const PARSE_CHUNK = 8 * 1024;

/**
 * Reads an uploaded CSV file with csv-parse: quoted cells (with commas, quotes and line breaks inside), a BOM,
 * CRLF, LF or CR line ends, ',' or ';' between cells, trimmed cells, blank lines and all-blank rows skipped,
 * rows of any length (the caller reports a short row as that row's error), a `'` the portal's exports put before a
 * formula character dropped (restoreNeutralised). Each row keeps the line of the
 * file it starts on, counted the way a text editor counts them, so 'Line 12' points at line 12 even after a
 * quoted cell that spans lines. A file that is not CSV at all is refused with 400, and so is one of more than
 * `maxRows` data rows, as soon as the parser reaches the row after the last one allowed. The text is parsed a
 * chunk at a time, letting other requests in between (a file of 10 MB parses in a few hundred milliseconds).
 */
export async function parseUserCsv(bytes: Uint8Array, options: { maxRows?: number } = {}): Promise<ParsedCsv> {
  const maxRows = options.maxRows ?? Infinity;
  // One line end everywhere, so csv-parse's line count matches an editor's (it counts a quoted CRLF twice).
  const text = decodeCsvText(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new HttpError(400, CSV_EMPTY);
  const delimiter = detectDelimiter(text);

  const records: Array<{ record: string[]; info: { lines: number } }> = [];
  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    trim: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    // A stray quote inside an unquoted cell (O"Neil) is kept as text rather than failing the whole file.
    relax_quotes: true,
  });
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('data', (record: { record: string[]; info: { lines: number } }) => records.push(record));
  const turn = turnTaker();
  // The header and one row more than allowed are enough to refuse the file.
  for (let at = 0; at < text.length && !failed && records.length <= maxRows + 1; at += PARSE_CHUNK) {
    parser.write(text.slice(at, at + PARSE_CHUNK));
    await turn();
  }
  if (!failed && records.length <= maxRows + 1) {
    parser.end();
    await finished(parser).catch(() => {
      failed = true;
    });
  }
  parser.destroy();
  if (failed) throw new HttpError(400, CSV_UNPARSABLE);
  if (records.length > maxRows + 1) throw new HttpError(400, tooManyRows(maxRows));

  // csv-parse reports the line a record ends on; a quoted cell with line breaks started that many lines earlier.
  // A cell the portal's own CSV neutralised ("'+1 416…", in a file of rejected rows) is read as it was first written.
  const withLines = records.map(({ record, info }) => ({
    line: info.lines - record.reduce((sum, cell) => sum + countNewlines(cell), 0),
    cells: record.map(restoreNeutralised),
  }));
  const [header, ...rows] = withLines;
  if (!header) throw new HttpError(400, CSV_EMPTY);
  if (rows.length === 0) throw new HttpError(400, CSV_NO_DATA_ROWS);
  return { headers: header.cells, rows, delimiter };
}
