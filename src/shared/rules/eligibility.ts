import { sameChildName } from './child-name';
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

/**
 * Issue 31: the details a class needs of every child booked into it. A class with an age range needs the child's
 * date of birth, a girls-only class the child's sex; a booking (the parent's or the front desk's) of a child whose
 * record lacks one is refused with ELIGIBILITY_DETAILS_MISSING until it is recorded, and both booking dialogs ask for
 * it first. What is known decides first: a child the recorded details already rule out is refused as ineligible
 * (NOT_ELIGIBLE), never asked. The one home of the rule: the dialogs use it, and the server (portal_book's check)
 * agrees with it.
 */
export const ELIGIBILITY_DETAILS = ['birthDate', 'sex'] as const;
export type EligibilityDetail = (typeof ELIGIBILITY_DETAILS)[number];

/** How a detail reads in a sentence: 'date of birth', 'sex'. */
export const ELIGIBILITY_DETAIL_WORDS: Readonly<Record<EligibilityDetail, string>> = { birthDate: 'date of birth', sex: 'sex' };

/** One child's missing details, as the 409's `missingDetails` lists them. */
export interface MissingDetails {
  childName: string;
  fields: EligibilityDetail[];
}

type NeedsClass = Pick<EligibilityClass, 'minAge' | 'maxAge' | 'girlsOnly'>;

/** The details `classType` needs: the date of birth for an age range, the sex for a girls-only class (in that order). */
export function detailsNeededBy(classType: NeedsClass): EligibilityDetail[] {
  const needed: EligibilityDetail[] = [];
  if (classType.minAge !== null || classType.maxAge !== null) needed.push('birthDate');
  if (classType.girlsOnly) needed.push('sex');
  return needed;
}

/** The details of `child` that `classType` needs and the record lacks (empty: nothing to ask). */
export function missingDetails(child: Partial<Pick<EligibilityChild, 'birthDate' | 'sex'>>, classType: NeedsClass): EligibilityDetail[] {
  return detailsNeededBy(classType).filter((field) => !child[field]);
}

/**
 * The children named in a booking (found among the family's `children` by name) whose records lack what the class
 * needs, in the order named, each with the details to ask. A child the recorded details rule out for the session
 * (ineligibility) is left out when `startsAt` is given: that child is refused as ineligible. A name not found asks
 * nothing (the booking refuses it on its own).
 */
export function missingDetailsOf(
  children: readonly ({ name: string } & Partial<Pick<EligibilityChild, 'birthDate' | 'sex'>>)[],
  childNames: readonly string[],
  classType: NeedsClass & Partial<Pick<EligibilityClass, 'name'>>,
  startsAt?: Date | string,
): MissingDetails[] {
  return childNames.flatMap((childName) => {
    const child = children.find((candidate) => sameChildName(candidate.name, childName));
    if (!child) return [];
    const known = { name: child.name, birthDate: child.birthDate ?? null, sex: child.sex ?? null };
    if (startsAt !== undefined && ineligibility(known, { name: classType.name ?? '', ...classType }, startsAt)) return [];
    const fields = missingDetails(known, classType);
    return fields.length ? [{ childName: child.name, fields }] : [];
  });
}

const wordsAnd = (words: readonly string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** "Ava's date of birth and sex", "Leo's sex". */
export const missingDetailsPhrase = ({ childName, fields }: MissingDetails) =>
  `${childName}'s ${wordsAnd(fields.map((field) => ELIGIBILITY_DETAIL_WORDS[field]))}`;

/**
 * The refusal's message (the server's, and the dialogs' heading of the ask): "Girls Power Hour needs Ava's date of
 * birth and sex, and Leo's sex, before they can be booked. Add them and book again."
 */
export function missingDetailsMessage(missing: readonly MissingDetails[], classType: Pick<EligibilityClass, 'name'>): string {
  const who = missing.map(missingDetailsPhrase);
  const joined = who.length <= 1 ? (who[0] ?? '') : `${who.slice(0, -1).join(', ')}, and ${who.at(-1)}`;
  const one = missing.length === 1 ? missing[0] : undefined;
  const before = one ? ` before ${one.childName}` : ', before they';
  return `${classType.name} needs ${joined}${before} can be booked. Add ${one?.fields.length === 1 ? 'it' : 'them'} and book again.`;
}
