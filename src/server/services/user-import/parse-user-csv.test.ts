import { describe, expect, it } from 'vitest';
import { MAPPING_REQUIRED } from '../../../shared/schemas/admin-users';
import { mapImportRows, readColumnMapping } from './map-import-rows';
import { CSV_EMPTY, CSV_UNPARSABLE } from '../../../shared/schemas/admin-users';
import { CSV_NO_DATA_ROWS, detectDelimiter, parseUserCsv } from './parse-user-csv';

const bytes = (text: string) => new TextEncoder().encode(text);
const lines = async (text: string) => (await parseUserCsv(bytes(text))).rows.map((row) => [row.line, row.cells]);

describe('parseUserCsv', () => {
  it('numbers each row by the line it starts on, across quoted line breaks, blank lines and any line end', async () => {
    const text = 'a,b\r\n1,"x\r\ny"\r\n\r\n,\r\n2,"p\nq\rr"\n3,z\r4,w';
    expect(await lines(text)).toEqual([
      [2, ['1', 'x\ny']],
      [6, ['2', 'p\nq\nr']],
      [9, ['3', 'z']],
      [10, ['4', 'w']],
    ]);
  });

  it('drops a BOM, trims cells and keeps a stray quote inside an unquoted cell', async () => {
    const parsed = await parseUserCsv(bytes('\uFEFF Email , Name \n a@b.c ,  O"Neil  \n'));
    expect(parsed.headers).toEqual(['Email', 'Name']);
    expect(parsed.rows).toEqual([{ line: 2, cells: ['a@b.c', 'O"Neil'] }]);
  });

  it('takes the delimiter the header line has more of, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"x;y;z",b\n')).toBe(',');
    expect(detectDelimiter('Email\n')).toBe(',');
  });

  it('keeps short and long rows for the caller to judge', async () => {
    expect(await lines('a,b,c\n1\n1,2,3,4\n')).toEqual([
      [2, ['1']],
      [3, ['1', '2', '3', '4']],
    ]);
  });

  it('refuses an empty file, a header without rows and text that is not CSV', async () => {
    await expect(parseUserCsv(bytes(''))).rejects.toThrow(CSV_EMPTY);
    await expect(parseUserCsv(bytes('\uFEFF \r\n\r\n'))).rejects.toThrow(CSV_EMPTY);
    await expect(parseUserCsv(bytes('Email,Name\r\n'))).rejects.toThrow(CSV_NO_DATA_ROWS);
    await expect(parseUserCsv(bytes('Email,Name\n"never closed,x\n'))).rejects.toThrow(CSV_UNPARSABLE);
  });

  it('reads a file larger than one parsing chunk whole, and refuses one row more than allowed', async () => {
    const text = (rows: number) => ['Email,Name', ...Array.from({ length: rows }, (_, i) => `"f${i}@x.ca","Name, ${'x'.repeat(40)} ${i}"`)].join('\r\n');
    const parsed = await parseUserCsv(bytes(text(3000)), { maxRows: 3000 });
    expect(parsed.rows).toHaveLength(3000);
    expect(parsed.rows.at(-1)).toEqual({ line: 3001, cells: ['f2999@x.ca', `Name, ${'x'.repeat(40)} 2999`] });
    await expect(parseUserCsv(bytes(text(3001)), { maxRows: 3000 })).rejects.toThrow(
      'The CSV file has more than 3,000 rows. Please split it into smaller files.',
    );
  });
});

describe('readColumnMapping', () => {
  it('accepts a partial mapping, dropping unmapped fields', () => {
    expect(readColumnMapping('{"email":"E","firstName":"F","lastName":"L","password":"","planTier":null}')).toEqual({
      email: 'E',
      firstName: 'F',
      lastName: 'L',
    });
    expect(readColumnMapping({ email: 'E', firstName: 'F', lastName: 'L' })).toEqual({ email: 'E', firstName: 'F', lastName: 'L' });
  });

  it('refuses text that is not JSON, a missing required field and a field that cannot be imported', () => {
    for (const raw of [undefined, '', 'nope', '[]', '{"email":"E","firstName":"F"}', '{"email":"E","firstName":"F","lastName":" "}']) {
      expect(() => readColumnMapping(raw), String(raw)).toThrow(MAPPING_REQUIRED);
    }
    expect(() => readColumnMapping('{"email":"E","firstName":"F","lastName":"L","role":"R"}')).toThrow(/role/);
  });
});

describe('mapImportRows', () => {
  const headers = ['Email', 'First', 'Last', 'Kid', 'Kid Limit'];
  const mapping = { email: 'email', firstName: 'First', lastName: 'Last', firstChildName: 'Kid', firstChildWeeklyLimit: 'Kid Limit' };
  const dateOrder = null;

  it('matches headers without case when unambiguous, and refuses one that is missing or twice in the file', async () => {
    const { accounts } = await mapImportRows({ headers, rows: [{ line: 2, cells: ['A@B.CA', 'A', 'B', '', '9'] }], mapping, dateOrder });
    // A blank child name is ignored with its limit; the e-mail is lower-cased.
    expect(accounts[0]!.account).toMatchObject({ email: 'a@b.ca', firstChildName: null, firstChildWeeklyLimit: 1 });
    expect(accounts[0]!.given.has('firstChildName')).toBe(true);
    await expect(mapImportRows({ headers, rows: [], mapping: { ...mapping, planTier: 'Plan' }, dateOrder })).rejects.toThrow(
      'The column "Plan" (mapped to Plan Tier) is not in the CSV file',
    );
    await expect(mapImportRows({ headers: [...headers, 'Email'], rows: [], mapping, dateOrder })).rejects.toThrow(/appears more than once/);
  });
});
