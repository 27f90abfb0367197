import Papa from 'papaparse';
import { restoreNeutralised } from '../../../../shared/rules/csv-safe';
import { CSV_EMPTY, CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_NOT_SELECTED, CSV_PREVIEW_ROWS, CSV_UNPARSABLE, csvTooManyRows } from '../../../../shared/schemas/admin-users';

export interface CsvPreviewRow {
  line: number;
  cells: string[];
}

/** What the wizard knows of a CSV file after reading it in the browser (the server parses it again). */
export interface CsvPreview {
  /** The first row, trimmed (the column mapping names columns by these; the server trims them too). */
  headers: string[];
  /**
   * The first CSV_PREVIEW_ROWS data rows, one cell per header ('' where a row is short), each with the line
   * of the file it starts on (the header is line 1), as the server's 'Line N: …' errors count them.
   */
  rows: CsvPreviewRow[];
  /** How many data rows the file has (blank lines not counted). */
  rowCount: number;
  /** Per column (as `headers`), how many data rows have something in it: the password column's is checked. */
  filledCells: number[];
  delimiter: string;
}

/** Why a file cannot be imported, as the toast that says so (spec 5 and 8). */
export interface CsvProblem {
  title: 'Invalid file type' | 'File error' | 'Parse error';
  description: string;
}

export const CSV_MAX_MEGABYTES = CSV_MAX_BYTES / (1024 * 1024);

export const EMPTY_FILE: CsvProblem = { title: 'File error', description: CSV_EMPTY };
export const UNPARSABLE: CsvProblem = { title: 'Parse error', description: CSV_UNPARSABLE };

/** The checks that need only the file's name and size, made before it is read. */
export function checkCsvFile(file: { name: string; size: number }): CsvProblem | null {
  if (!/\.csv$/i.test(file.name.trim())) return { title: 'Invalid file type', description: CSV_NOT_SELECTED };
  if (file.size === 0) return EMPTY_FILE;
  if (file.size > CSV_MAX_BYTES) {
    return { title: 'File error', description: `The CSV file is larger than the ${CSV_MAX_MEGABYTES} MB limit. Please split it into smaller files.` };
  }
  return null;
}

/**
 * Reads a CSV file's text: a header row, then data rows. Comma or semicolon separated (detected), quoted
 * fields may hold separators and line breaks, a UTF-8 byte order mark and blank lines are ignored.
 */
export function readCsvText(text: string): { preview: CsvPreview } | { problem: CsvProblem } {
  // One line end everywhere, so offsets count lines the way an editor (and the server) does.
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { problem: EMPTY_FILE };

  const records: CsvPreviewRow[] = [];
  let quotesBroken = false;
  let delimiter = ',';
  let lineStart = 0; // offset where the next record may start
  let line = 1;
  const lineOf = (offset: number) => {
    for (let i = source.indexOf('\n', lineStart); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line++;
    lineStart = offset;
    return line;
  };
  /** Past the lines Papa Parse skips as blank: only spaces, or only separators (';;;'). */
  const skipBlankLines = (offset: number, separator: string) => {
    const blank = (text: string) => text.split(separator).every((cell) => cell.trim() === '');
    let at = offset;
    for (let end = source.indexOf('\n', at); end !== -1 && blank(source.slice(at, end)); end = source.indexOf('\n', at)) at = end + 1;
    return at;
  };
  try {
    let previousCursor = 0;
    Papa.parse<string[]>(source, {
      header: false,
      skipEmptyLines: 'greedy',
      delimitersToGuess: [',', ';'],
      step: (step) => {
        if (step.errors.some((error) => error.type === 'Quotes')) quotesBroken = true;
        delimiter = step.meta.delimiter;
        // The record starts after the previous one, past the blank lines Papa Parse skipped.
        const start = skipBlankLines(previousCursor, delimiter);
        previousCursor = step.meta.cursor;
        const cells = step.data;
        // A row of only separators (';;;') is as blank as an empty line.
        if (!cells.some((cell) => cell.trim() !== '')) return;
        records.push({ line: lineOf(start), cells });
      },
    });
  } catch {
    return { problem: UNPARSABLE };
  }
  // Quotes that never close (or text after a closing quote) mean the columns cannot be trusted.
  if (quotesBroken) return { problem: UNPARSABLE };

  const [header, ...dataRows] = records;
  const headerRow = header?.cells;
  if (!headerRow || headerRow.every((cell) => cell.trim() === '')) return { problem: EMPTY_FILE };

  // Columns are mapped by name, so two columns with the same name could not be told apart.
  const named = headerRow.map((h) => h.trim()).filter(Boolean);
  const repeated = named.find((h, i) => named.indexOf(h) !== i);
  if (repeated !== undefined) {
    return { problem: { title: 'File error', description: `The column name "${repeated}" appears more than once. Please give every column its own name.` } };
  }
  if (dataRows.length === 0) return { problem: EMPTY_FILE };
  // The server refuses it too, before reading a row (issue 29).
  if (dataRows.length > CSV_MAX_ROWS) return { problem: { title: 'File error', description: csvTooManyRows() } };

  // As the server reads them: trimmed, and a `'` the portal's own CSV put before a formula character dropped.
  const cell = (text: string | undefined) => restoreNeutralised((text ?? '').trim());
  return {
    preview: {
      headers: headerRow.map(cell),
      rows: dataRows.slice(0, CSV_PREVIEW_ROWS).map((row) => ({ line: row.line, cells: headerRow.map((_, i) => cell(row.cells[i])) })),
      rowCount: dataRows.length,
      filledCells: headerRow.map((_, i) => dataRows.filter((row) => (row.cells[i] ?? '').trim() !== '').length),
      delimiter,
    },
  };
}
