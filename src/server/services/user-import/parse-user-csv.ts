import { parse } from 'csv-parse/sync';
import { HttpError } from '../../http-error';

export const CSV_EMPTY = 'The CSV file appears to be empty';
export const CSV_NO_DATA_ROWS = 'The CSV file has a header row but no data rows';
export const CSV_UNPARSABLE = 'Unable to parse CSV file. Please check the format.';

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

/**
 * Reads an uploaded CSV file with csv-parse: quoted cells (with commas, quotes and line breaks inside), a BOM,
 * CRLF, LF or CR line ends, ',' or ';' between cells, trimmed cells, blank lines and all-blank rows skipped,
 * rows of any length (the caller reports a short row as that row's error). Each row keeps the line of the
 * file it starts on, counted the way a text editor counts them, so 'Line 12' points at line 12 even after a
 * quoted cell that spans lines. A file that is not CSV at all is refused with 400.
 */
export function parseUserCsv(bytes: Uint8Array): ParsedCsv {
  // One line end everywhere, so csv-parse's line count matches an editor's (it counts a quoted CRLF twice).
  const text = decodeCsvText(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new HttpError(400, CSV_EMPTY);
  const delimiter = detectDelimiter(text);

  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (O"Neil) is kept as text rather than failing the whole file.
      relax_quotes: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw new HttpError(400, CSV_UNPARSABLE);
  }

  // csv-parse reports the line a record ends on; a quoted cell with line breaks started that many lines earlier.
  const withLines = records.map(({ record, info }) => ({
    line: info.lines - record.reduce((sum, cell) => sum + countNewlines(cell), 0),
    cells: record,
  }));
  const [header, ...rows] = withLines;
  if (!header) throw new HttpError(400, CSV_EMPTY);
  if (rows.length === 0) throw new HttpError(400, CSV_NO_DATA_ROWS);
  return { headers: header.cells, rows, delimiter };
}
