import type { z } from 'zod';
import { childSlotFieldAt, parseChildSlotField } from '../../../shared/schemas/children';
import {
  IMPORT_FIELD_NAMES,
  IMPORT_FIELDS,
  MAPPING_REQUIRED,
  columnMapping,
  createUserBody,
  missingRequiredImportFields,
  type CreateUserBody,
  type ImportField,
  type ImportMapping,
} from '../../../shared/schemas/admin-users';
import { HttpError } from '../../http-error';
import { GUARDIAN_IMPORT_FIELDS, guardianImportFields, type GuardianImport } from '../../../shared/schemas/family';
import { COMMON_PASSWORD, isCommonPassword } from '../auth/password-policy';
import type { CsvRow } from './parse-user-csv';
import { turnTaker } from './take-turns';
import { DATE_ORDER_INVALID, DATE_ORDERS, readImportCell, type DateOrder } from '../../../shared/rules/import-cells';

const FIELD_LABELS = new Map<string, string>(IMPORT_FIELDS.map((f) => [f.field, f.label]));
const fieldLabel = (field: string) => FIELD_LABELS.get(field) ?? field;

/** Reads columnMapping (text of a form field, or already parsed when the part was sent as application/json). */
export function readColumnMapping(raw: unknown): ImportMapping {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new HttpError(400, MAPPING_REQUIRED);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, MAPPING_REQUIRED);
  const unknownFields = Object.keys(value).filter((key) => !(IMPORT_FIELD_NAMES as readonly string[]).includes(key));
  if (unknownFields.length) {
    throw new HttpError(400, `columnMapping names fields that cannot be imported: ${unknownFields.join(', ')}`);
  }
  const parsed = columnMapping.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'columnMapping must map each field to a column header (text)');
  const mapping = parsed.data;
  if (missingRequiredImportFields(mapping).length) throw new HttpError(400, MAPPING_REQUIRED);
  return mapping;
}

/**
 * Reads the form field dateOrder (issue 33): MDY or DMY (in any case) for the file's written dates; absent or blank
 * means ISO dates (YYYY-MM-DD) only, as before the wizard sent it.
 */
export function readDateOrder(raw: unknown): DateOrder | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const order = typeof raw === 'string' ? raw.trim().toUpperCase() : raw;
  if (!(DATE_ORDERS as readonly unknown[]).includes(order)) throw new HttpError(400, DATE_ORDER_INVALID);
  return order as DateOrder;
}

/** Each mapped field's cell index. A header mapped but not in the file, or in it twice, refuses the import. */
export function resolveColumns(headers: string[], mapping: ImportMapping): Map<ImportField, number> {
  const trimmed = headers.map((h) => h.trim());
  const columns = new Map<ImportField, number>();
  for (const [field, header] of Object.entries(mapping) as Array<[ImportField, string]>) {
    let matches = trimmed.flatMap((h, i) => (h === header ? [i] : []));
    // 'email' mapped while the file says 'Email': the same column, unless that would be ambiguous.
    if (matches.length === 0) matches = trimmed.flatMap((h, i) => (h.toLowerCase() === header.toLowerCase() ? [i] : []));
    if (matches.length === 0) {
      throw new HttpError(400, `The column "${header}" (mapped to ${fieldLabel(field)}) is not in the CSV file`);
    }
    if (matches.length > 1) {
      throw new HttpError(400, `The column "${header}" (mapped to ${fieldLabel(field)}) appears more than once in the CSV file`);
    }
    columns.set(field, matches[0]!);
  }
  return columns;
}

/** One valid row: the account as the create form would have it, and which fields the file actually carries. */
export interface ImportAccount {
  line: number;
  account: CreateUserBody;
  /**
   * Fields whose column is mapped and whose cell is not blank; a child name column that is mapped counts
   * even when blank (a blank name in a mapped slot removes that child on update, as in the edit form).
   */
  given: ReadonlySet<ImportField>;
  /** Issue 31: the account's phone and a second guardian, as far as the row gives them. */
  guardians: GuardianImport;
}

export interface RowError {
  line: number;
  message: string;
}

const childFieldOf = (field: string) => parseChildSlotField(field)?.field;
/** Fields whose message says which column it is about ('Child 2 Weekly Limit: …', 'Child 1 Sex: …'): all a child's but the name. */
const isLabelledField = (field: string) => field === 'weeklyLimit' || (childFieldOf(field) ?? 'name') !== 'name';

/** The row's problems in words; a limit's message is prefixed with its column so 'Child 2' is told from 'Child 1'. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const messages = issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return isLabelledField(field) ? `${fieldLabel(field)}: ${issue.message}` : issue.message;
  });
  return [...new Set(messages)].join('; ');
}

/**
 * Turns data rows into accounts through the mapping, with the create form's rules (createUserBody): a valid
 * e-mail, both names, a password of 6 or more characters when one is given (and not a common one, nor the
 * row's e-mail or name: services/auth/password-policy.ts), plan ONE/TWO/THREE in any case,
 * limits 1–7, up to four differently named children (blank names ignored). Limits, sexes and dates of birth are
 * first read as a spreadsheet writes them ('2 per week', 'girl', '14/03/2015' in the file's `dateOrder`:
 * rules/import-cells.ts); every problem of a row is in its one message. Other cells are taken as plain text:
 * a name like '=SUM(A1)' is a name (exports neutralise formulas, imports store what was written).
 * A row with more or fewer cells than the header is an error of that row, as is a second row with an
 * e-mail an earlier valid row of the file already has: the first occurrence wins.
 */
export async function mapImportRows(input: { headers: string[]; rows: CsvRow[]; mapping: ImportMapping; dateOrder: DateOrder | null }): Promise<{
  accounts: ImportAccount[];
  errors: RowError[];
}> {
  const columns = resolveColumns(input.headers, input.mapping);
  const width = input.headers.length;
  const accounts: ImportAccount[] = [];
  const errors: RowError[] = [];
  const firstLineOf = new Map<string, number>();
  // Checking 5,000 rows takes about a second: other requests get their turns meanwhile (take-turns.ts).
  const turn = turnTaker();

  for (const row of input.rows) {
    await turn();
    const { line, cells } = row;
    if (cells.length < width || cells.slice(width).some((cell) => cell !== '')) {
      errors.push({ line, message: `Expected ${width} columns (as in the header), found ${cells.length}` });
      continue;
    }
    const form: Record<string, string | number> = {};
    const given = new Set<ImportField>();
    /** Cells that could not be read, by field (a blank child name's slot drops them below). */
    const problems = new Map<ImportField, string>();
    for (const [field, index] of columns) {
      const cell = cells[index] ?? '';
      const read = cell === '' ? { value: null } : readImportCell(field, fieldLabel(field), cell, { dateOrder: input.dateOrder });
      if ('problem' in read) {
        problems.set(field, read.problem);
      } else if (read.value !== null) {
        form[field] = read.value;
        given.add(field);
      } else if (childFieldOf(field) === 'name') {
        given.add(field);
      }
    }
    // A blank child name is ignored, and so are its limit, date of birth and sex (with no name column at all,
    // they may still change the child already in that slot of an existing account). A blank date of birth or
    // sex cell keeps what is recorded.
    for (const field of columns.keys()) {
      const slotField = parseChildSlotField(field);
      if (!slotField || slotField.field === 'name') continue;
      const nameField = childSlotFieldAt(slotField.position, 'name');
      if (columns.has(nameField) && !form[nameField]) {
        delete form[field];
        given.delete(field);
        problems.delete(field);
      }
    }
    const parsed = createUserBody.safeParse(form);
    const guardians = guardianImportFields.safeParse(
      Object.fromEntries(GUARDIAN_IMPORT_FIELDS.flatMap(({ field }) => (form[field] !== undefined ? [[field, form[field]]] : []))),
    );
    if (problems.size > 0 || !parsed.success || !guardians.success) {
      const messages = [
        ...problems.values(),
        ...(parsed.success ? [] : [describeIssues(parsed.error.issues)]),
        // 'Guardian 2 Phone: Enter a phone number …': the column is named, the message names no field.
        ...(guardians.success ? [] : guardians.error.issues.map((issue) => `${fieldLabel(String(issue.path[0] ?? ''))}: ${issue.message}`)),
      ];
      errors.push({ line, message: [...new Set(messages)].join('; ') });
      continue;
    }
    if (parsed.data.password && isCommonPassword(parsed.data.password, parsed.data)) {
      errors.push({ line, message: COMMON_PASSWORD });
      continue;
    }
    const email = parsed.data.email;
    const firstLine = firstLineOf.get(email);
    if (firstLine !== undefined) {
      errors.push({ line, message: `duplicate of line ${firstLine} (${email})` });
      continue;
    }
    firstLineOf.set(email, line);
    accounts.push({ line, account: { ...parsed.data, role: 'PARENT' }, given, guardians: guardians.data });
  }
  return { accounts, errors };
}

/** The rows whose cell in the mapped password column is not blank (none when no column is mapped). */
export function countRowsWithPassword(input: { headers: string[]; rows: CsvRow[]; mapping: ImportMapping }): number {
  const column = resolveColumns(input.headers, input.mapping).get('password');
  if (column === undefined) return 0;
  return input.rows.filter(({ cells }) => (cells[column] ?? '') !== '').length;
}

/** 'Line 7: Valid email is required' — as the wizard lists them, in file order. */
export const formatRowError = (error: RowError) => `Line ${error.line}: ${error.message}`;
