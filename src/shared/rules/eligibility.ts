import { torontoDateKey } from './week';

/**
 * Who may book a class (issue 22, docs/product-rules.md "Eligibility"): a child's date of birth and sex are optional;
 * only what is known can refuse. A child whose birth date is known must be within the class's age range on the
 * session's Toronto date; a child recorded as a boy ('M') cannot book a girls-only class. The server decides
 * (src/server/db/functions/portal_ineligible.sql); the booking dialog uses these to grey out and explain before Book.
 */
export interface EligibilityClass {
  name: string;
  minAge: number | null;
  maxAge: number | null;
  girlsOnly: boolean;
}

export interface EligibilityChild {
  name: string;
  /** 'YYYY-MM-DD', or null when not recorded. */
  birthDate: string | null;
  /** 'F', 'M', or null when not recorded. */
  sex: 'F' | 'M' | null;
}

export type Ineligibility = { reason: 'age'; age: number } | { reason: 'girls-only' };

const datePartsOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/**
 * Whole years of a child born on `birthDate` ('YYYY-MM-DD') on the Toronto date `day` ('YYYY-MM-DD'): a year is
 * complete on the birthday's month and day (Feb 29 birthdays on Mar 1 in other years), as PostgreSQL's age() counts.
 * Calendar arithmetic only: parsing the dates as instants made it depend on the machine's zone (where a day starts at
 * 01:00, as in São Paulo until 2019, a child was a year younger on such a birthday).
 */
export function ageOn(birthDate: string, day: string): number {
  if (birthDate > day) return -ageOn(day, birthDate);
  const [birthYear, birthMonth, birthDay] = datePartsOf(birthDate);
  const [year, month, date] = datePartsOf(day);
  return year - birthYear - (month < birthMonth || (month === birthMonth && date < birthDay) ? 1 : 0);
}

/** Why the child cannot book this class for a session starting at `startsAt`, or null when nothing known refuses. */
export function ineligibility(child: EligibilityChild, classType: EligibilityClass, startsAt: Date | string): Ineligibility | null {
  if (classType.girlsOnly && child.sex === 'M') return { reason: 'girls-only' };
  if (child.birthDate && (classType.minAge !== null || classType.maxAge !== null)) {
    const age = ageOn(child.birthDate, torontoDateKey(startsAt));
    if ((classType.minAge !== null && age < classType.minAge) || (classType.maxAge !== null && age > classType.maxAge)) return { reason: 'age', age };
  }
  return null;
}

/** 'ages 8-12', 'ages 8 and up', 'ages up to 12'. */
export function ageRangeText(minAge: number | null, maxAge: number | null): string {
  if (minAge !== null && maxAge !== null) return `ages ${minAge}-${maxAge}`;
  if (minAge !== null) return `ages ${minAge} and up`;
  if (maxAge !== null) return `ages up to ${maxAge}`;
  return 'all ages';
}

/** Why one child is refused, in a sentence naming the child and the rule: the server's message and the dialog's. */
export function ineligibleReason(childName: string, why: Ineligibility, classType: EligibilityClass): string {
  if (why.reason === 'girls-only') return `${childName} can't book ${classType.name}: it is for girls only`;
  return `${childName} can't book ${classType.name}: it is for ${ageRangeText(classType.minAge, classType.maxAge)}, and ${childName} is ${why.age} on that day`;
}

/** The refusal of a booking naming every ineligible child, each with the rule (one sentence per child). */
export function ineligibleMessage(refused: ReadonlyArray<{ name: string } & Ineligibility>, classType: EligibilityClass): string {
  return refused.map((child) => ineligibleReason(child.name, child, classType)).join('. ');
}
