import { format, isValid, parse } from 'date-fns';
import { parseChildSlotField, type ChildSex } from '../schemas/children';
import { MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT } from '../schemas/users';
import { childSexFrom } from './child-details';

/**
 * Issue 33: how a CSV import reads the cells a real spreadsheet writes: dates in the order the office chose in the
 * wizard (ISO always), a sex as people write it, a weekly limit with words around its number. One rule for the
 * wizard's preview and the server (the authority). A problem is that cell's message, naming the column, the value
 * and what to write instead; the schemas then check what was read (a date in the past, a known plan).
 */

/** The wizard's date-order choice, sent with the upload as the form field dateOrder. */
export const DATE_ORDERS = ['MDY', 'DMY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_ORDER_LABELS: Readonly<Record<DateOrder, { label: string; example: string; words: string }>> = {
  MDY: { label: 'Month/Day/Year', example: '03/14/2015', words: 'month/day/year' },
  DMY: { label: 'Day/Month/Year', example: '14/03/2015', words: 'day/month/year' },
};
export const DATE_ORDER_INVALID = 'dateOrder must be MDY (Month/Day/Year) or DMY (Day/Month/Year)';

/** A cell as read: its value (null: nothing recorded, as a blank cell), or what to change. */
export type CellReading<T> = { value: T | null } | { problem: string };

/** What people write for "not known" in a sex or date-of-birth column; read as a blank cell. */
const BLANK_LOOKING = new Set(['', '-', '–', '—', '?', 'n/a', 'na', 'none', 'unknown']);
export const isBlankLooking = (cell: string) => BLANK_LOOKING.has(cell.trim().toLowerCase());

/** Any parse needs a reference date; only the year, month and day written are read. */
const REFERENCE = new Date(2000, 0, 1);

/**
 * The day the parts name, 'YYYY-MM-DD', or null when the calendar has no such day (2015-02-29, 2015-13-01). date-fns
 * reads them as a local date and formats that same local date back, so the machine's zone never moves the day.
 */
function calendarDate(year: string, month: string, day: string): string | null {
  const date = parse(`${year}-${month}-${day}`, 'yyyy-M-d', REFERENCE);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : null;
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** 03/14/2015, 14.03.2015, 14-03-2015: day and month in the chosen order, then the year. */
const WRITTEN_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d+)$/;

/**
 * A date of birth cell: ISO (2015-03-14) always; 03/14/2015 or 14/03/2015 (with /, . or -) in the file's date order.
 * A 2-digit year is refused (03/14/15 could be 1915 or 2015: the office writes the year in full). Without an order
 * only ISO is read.
 */
export function readImportDate(label: string, cell: string, order: DateOrder | null): CellReading<string> {
  const text = cell.trim();
  if (isBlankLooking(text)) return { value: null };
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const date = calendarDate(iso[1]!, iso[2]!, iso[3]!);
    return date ? { value: date } : { problem: `${label} "${text}" is not a real date: check the month and day (YYYY-MM-DD)` };
  }
  const written = WRITTEN_DATE.exec(text);
  if (!written) return { problem: `${label} "${text}" is not a date: write it as YYYY-MM-DD, such as 2015-03-14` };
  const [, first, , second, year] = written as unknown as [string, string, string, string, string];
  if (year.length !== 4) return { problem: `${label} "${text}" has a 2-digit year: write the year in full, or the date as YYYY-MM-DD` };
  const readAs: Record<DateOrder, string | null> = { MDY: calendarDate(year, first, second), DMY: calendarDate(year, second, first) };
  if (order && readAs[order]) return { value: readAs[order] };
  const possible = DATE_ORDERS.filter((o) => readAs[o] !== null);
  if (possible.length === 0) return { problem: `${label} "${text}" is not a real date in either order: check the day and month, or write it as YYYY-MM-DD` };
  const only = possible.length === 1 ? readAs[possible[0]!] : null;
  if (!order) {
    return { problem: `${label} "${text}" is not a YYYY-MM-DD date: choose the file's date order (Month/Day/Year or Day/Month/Year) or write it as ${only ?? 'YYYY-MM-DD'}` };
  }
  const other = possible[0]!;
  return { problem: `${label} "${text}" is not a ${DATE_ORDER_LABELS[order].words} date: choose ${DATE_ORDER_LABELS[other].label} or write ${readAs[other]}` };
}

/**
 * A sex cell: F/M in any case, female/male, girl/boy (child-details.ts); blank-looking is not recorded. The portal
 * records girl or boy only (a girls-only class refuses a boy), so 'X' or any other word is that row's error: the
 * office decides between F, M and blank rather than the import guessing.
 */
export function readImportSex(label: string, cell: string): CellReading<ChildSex> {
  if (isBlankLooking(cell)) return { value: null };
  const sex = childSexFrom(cell);
  return sex ? { value: sex } : { problem: `${label} "${cell.trim()}" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded` };
}

/** 2, 2x, 2 per week, 2/week, 2 x week, 2 times a week, 2 sessions weekly, 2/wk: the number is the limit. */
const LIMIT = /^(\d+)\s*(?:x|times?|sessions?|classes?|days?)?\s*(?:(?:\/|per|a|an|each|every|x)?\s*(?:week|wk)|weekly)?$/i;

/** A weekly limit cell: a whole number from 1 to 7, with or without the words around it. */
export function readImportLimit(label: string, cell: string): CellReading<number> {
  const text = cell.trim();
  const match = LIMIT.exec(text);
  const limit = match ? Number(match[1]) : NaN;
  if (limit >= MIN_WEEKLY_LIMIT && limit <= MAX_WEEKLY_LIMIT) return { value: limit };
  return { problem: `${label} "${text}": write a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}, such as 2 or 2 per week` };
}

/**
 * A non-blank cell of a mapped column as the import reads it: the plan in capitals, limits, sexes and dates as
 * above, any other field as written.
 */
export function readImportCell(field: string, label: string, cell: string, options: { dateOrder: DateOrder | null }): CellReading<string | number> {
  if (field === 'planTier') return { value: cell.toUpperCase() };
  if (field === 'weeklyLimit') return readImportLimit(label, cell);
  switch (parseChildSlotField(field)?.field) {
    case 'weeklyLimit':
      return readImportLimit(label, cell);
    case 'sex':
      return readImportSex(label, cell);
    case 'birthDate':
      return readImportDate(label, cell, options.dateOrder);
    default:
      return { value: cell };
  }
}
