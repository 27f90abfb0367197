import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '../../../../shared/schemas/admin-users';
import { checkCsvFile, readCsvText } from './read-csv';

describe('checkCsvFile', () => {
  it('accepts a .csv name of any case up to 10 MB', () => {
    expect(checkCsvFile({ name: 'families.CSV', size: 10 })).toBeNull();
    expect(checkCsvFile({ name: 'families.csv', size: CSV_MAX_BYTES })).toBeNull();
  });

  it('refuses another file type, an empty file and one over 10 MB', () => {
    expect(checkCsvFile({ name: 'families.xlsx', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select a CSV file' });
    expect(checkCsvFile({ name: 'families.csv.txt', size: 10 })?.title).toBe('Invalid file type');
    expect(checkCsvFile({ name: 'families.csv', size: 0 })).toEqual({ title: 'File error', description: 'The CSV file appears to be empty' });
    expect(checkCsvFile({ name: 'families.csv', size: CSV_MAX_BYTES + 1 })).toMatchObject({ title: 'File error', description: expect.stringContaining('10 MB') });
  });
});

describe('readCsvText', () => {
  it(`refuses a file of more than ${CSV_MAX_ROWS} data rows, as the server does, and counts each column's filled cells`, () => {
    const file = (rows: number) => ['Email,Password', ...Array.from({ length: rows }, (_, i) => `p${i}@example.com,${i % 3 ? '' : 'pw-123456'}`)].join('\n');
    const full = readCsvText(file(CSV_MAX_ROWS));
    if (!('preview' in full)) throw new Error(full.problem.description);
    expect(full.preview.rowCount).toBe(5000);
    expect(full.preview.filledCells).toEqual([5000, 1667]);
    expect(readCsvText(file(CSV_MAX_ROWS + 1))).toEqual({
      problem: { title: 'File error', description: 'The CSV file has more than 5,000 rows. Please split it into smaller files.' },
    });
  });

  it('reads a semicolon file with a byte order mark, quoted separators and blank lines', () => {
    const text = '\uFEFFEmail;First Name;Last Name;Child 1\r\na@example.com;Ann;"Lee; Jr.";"Sam, the younger"\r\n\r\n  \r\nb@example.com;Bo;Ng\r\n';
    const result = readCsvText(text);
    if (!('preview' in result)) throw new Error(result.problem.description);
    expect(result.preview).toEqual({
      headers: ['Email', 'First Name', 'Last Name', 'Child 1'],
      rows: [
        { line: 2, cells: ['a@example.com', 'Ann', 'Lee; Jr.', 'Sam, the younger'] },
        { line: 5, cells: ['b@example.com', 'Bo', 'Ng', ''] },
      ],
      rowCount: 2,
      filledCells: [2, 2, 2, 1],
      delimiter: ';',
    });
  });

  it('reads a comma file and previews only the first 5 data rows', () => {
    const lines = ['email,first,last', ...Array.from({ length: 8 }, (_, i) => `p${i}@example.com,"Smith, ${i}",X`)];
    const result = readCsvText(lines.join('\n'));
    if (!('preview' in result)) throw new Error(result.problem.description);
    expect(result.preview.delimiter).toBe(',');
    expect(result.preview.rowCount).toBe(8);
    expect(result.preview.rows).toHaveLength(5);
    expect(result.preview.rows[0]).toEqual({ line: 2, cells: ['p0@example.com', 'Smith, 0', 'X'] });
    expect(result.preview.rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it("numbers rows by the file's lines, as the server's errors do", () => {
    // A quoted cell over two lines, blank lines, a row of separators only: counted like an editor counts lines.
    const text = 'Email;Notes\r\n\r\na@example.com;"two\r\nlines"\r\n;;\r\n   \r\nb@example.com;x\rc@example.com;y';
    const result = readCsvText(text);
    if (!('preview' in result)) throw new Error(result.problem.description);
    expect(result.preview.rows).toEqual([
      { line: 3, cells: ['a@example.com', 'two\nlines'] },
      { line: 7, cells: ['b@example.com', 'x'] },
      { line: 8, cells: ['c@example.com', 'y'] },
    ]);
    expect(result.preview.rowCount).toBe(3);
  });

  it('calls a blank file or a header without rows empty', () => {
    expect(readCsvText('')).toEqual({ problem: { title: 'File error', description: 'The CSV file appears to be empty' } });
    expect(readCsvText('\uFEFF\r\n  \n')).toMatchObject({ problem: { title: 'File error' } });
    expect(readCsvText('Email,First Name,Last Name\n')).toMatchObject({ problem: { description: 'The CSV file appears to be empty' } });
  });

  it('refuses unclosed quotes and repeated column names', () => {
    expect(readCsvText('Email,First\n"a@example.com,Ann\nb@example.com,Bo\n')).toEqual({
      problem: { title: 'Parse error', description: 'Unable to parse CSV file. Please check the format.' },
    });
    expect(readCsvText('Email,Child,Child\na@example.com,A,B\n')).toMatchObject({ problem: { title: 'File error', description: expect.stringContaining('"Child"') } });
  });

  it("reads a rejected-rows file as the server does: the ' its CSV put before a formula character is dropped", () => {
    const read = readCsvText(`\uFEFFEmail,First Name,Phone,Child 1 Sex,Error\r\na@example.com,'=SUM(A1),'+1 416 555 0111,'-,Valid email is required\r\n`);
    expect(read).toMatchObject({ preview: { rows: [{ line: 2, cells: ['a@example.com', '=SUM(A1)', '+1 416 555 0111', '-', 'Valid email is required'] }] } });
  });
});
