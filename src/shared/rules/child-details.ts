import { subYears } from 'date-fns';
import { CHILD_SEXES, type ChildSex } from '../schemas/users';
import { torontoDateKey } from './week';

/**
 * A child's optional date of birth and sex (issue 22), as the office's form, a CSV file and a CRM delivery give
 * them. The booking rules (eligibility.ts) use them only where known; nothing here guesses a missing value.
 */

/** The oldest date of birth taken: a child is at most this many years old on the day it is recorded. */
export const MAX_CHILD_AGE_YEARS = 25;

export const BIRTH_DATE_INVALID = 'Date of birth must be a real date in the past (YYYY-MM-DD)';
export const BIRTH_DATE_TOO_OLD = `Date of birth cannot be more than ${MAX_CHILD_AGE_YEARS} years ago`;
export const SEX_INVALID = 'Sex must be F (girl) or M (boy)';

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * Why a date of birth ('YYYY-MM-DD') is refused on the Toronto day of `now`, or null when it is taken: a real date,
 * not after today, not more than MAX_CHILD_AGE_YEARS years before it. Dates as text compare in calendar order.
 */
export function birthDateProblem(value: string, now: Date | number = Date.now()): string | null {
  if (!isCalendarDate(value)) return BIRTH_DATE_INVALID;
  const today = torontoDateKey(now);
  if (value > today) return BIRTH_DATE_INVALID;
  const oldest = torontoDateKey(subYears(new Date(`${today}T12:00:00Z`), MAX_CHILD_AGE_YEARS));
  if (value < oldest) return BIRTH_DATE_TOO_OLD;
  return null;
}

const SEX_WORDS: Readonly<Record<string, ChildSex>> = { f: 'F', female: 'F', girl: 'F', m: 'M', male: 'M', boy: 'M' };

/**
 * A sex as a CSV cell or a CRM field writes it: F/M in any case, or female/male, girl/boy; null for anything else
 * (the caller refuses it with SEX_INVALID). The office's form and the JSON API take 'F' or 'M' only.
 */
export function childSexFrom(text: string): ChildSex | null {
  const word = SEX_WORDS[text.trim().toLowerCase()];
  return word && (CHILD_SEXES as readonly string[]).includes(word) ? word : null;
}

/** How the office's screens say a recorded sex: 'Girl', 'Boy', or 'Not recorded'. */
export function childSexLabel(sex: ChildSex | null): string {
  return sex === 'F' ? 'Girl' : sex === 'M' ? 'Boy' : 'Not recorded';
}
