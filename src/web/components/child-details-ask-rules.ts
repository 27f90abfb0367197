import { ELIGIBILITY_DETAILS, ineligibility, ineligibleReason, type EligibilityClass, type EligibilityDetail, type MissingDetails } from '../../shared/rules/eligibility';
import { sameChildName } from '../../shared/rules/child-name';
import type { ChildSex } from '../../shared/schemas/children';
// The profile's own checks (family.ts childProfileBody uses these two), without family.ts and its phone number library.
import { childBirthDate, childSex } from '../../shared/schemas/child-fields';
import { ApiError } from '../lib/api';

/**
 * The booking dialogs' ask for a child's missing date of birth or sex (issue 31; the rule of what a class needs is
 * shared/rules/eligibility.ts): what was typed, what is wrong with it, the bodies that record it, and the server's
 * own ask (a 409 ELIGIBILITY_DETAILS_MISSING answered to a booking the dialog thought complete).
 */

/** What was typed for one child: '' while nothing is. */
export type DetailAnswer = Record<EligibilityDetail, string>;
export type DetailAnswers = Readonly<Record<string, DetailAnswer>>;
export type DetailProblems = Readonly<Record<string, Partial<Record<EligibilityDetail, string>>>>;

/** One child's details to record: the child as the ask names them, and the PATCH body (only the fields asked). */
export interface DetailsToRecord {
  childName: string;
  body: { birthDate?: string; sex?: ChildSex };
}

export const EMPTY_ANSWER: DetailAnswer = { birthDate: '', sex: '' };

const required: Record<EligibilityDetail, (childName: string) => string> = {
  birthDate: (childName) => `Enter ${childName}'s date of birth`,
  sex: (childName) => `Choose ${childName}'s sex`,
};

/**
 * Each asked child's answers checked (a value is needed for every field asked, then the profile's own rules: a real
 * date in the past, at most 25 years ago; F or M). Problems by child and field; the bodies only when there is none.
 * A body carries the fields asked and nothing else (a field left out of the PATCH is kept as recorded).
 */
export function checkAnswers(asks: readonly MissingDetails[], answers: DetailAnswers): { problems: DetailProblems; records: DetailsToRecord[] | null } {
  const problems: Record<string, Partial<Record<EligibilityDetail, string>>> = {};
  const records: DetailsToRecord[] = [];
  for (const { childName, fields } of asks) {
    const answer = answers[childName] ?? EMPTY_ANSWER;
    const body: DetailsToRecord['body'] = {};
    for (const field of fields) {
      const value = answer[field].trim();
      const parsed = (field === 'sex' ? childSex : childBirthDate).safeParse(value);
      if (!value || !parsed.success || !parsed.data) {
        (problems[childName] ??= {})[field] = (value && parsed.error?.issues[0]?.message) || required[field](childName);
      } else if (field === 'sex') body.sex = parsed.data as ChildSex;
      else body.birthDate = parsed.data;
    }
    records.push({ childName, body });
  }
  return { problems, records: Object.keys(problems).length ? null : records };
}

/** The server's `missingDetails` of a 409 ELIGIBILITY_DETAILS_MISSING, or null for any other error. */
export function missingDetailsFromError(error: unknown): { asks: MissingDetails[]; message: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'ELIGIBILITY_DETAILS_MISSING') return null;
  const body = error.body as { message?: unknown; missingDetails?: unknown };
  const list = Array.isArray(body.missingDetails) ? (body.missingDetails as unknown[]) : [];
  const asks = list.flatMap((item): MissingDetails[] => {
    if (!item || typeof item !== 'object') return [];
    const { childName, fields } = item as { childName?: unknown; fields?: unknown };
    if (typeof childName !== 'string' || !Array.isArray(fields)) return [];
    const known = ELIGIBILITY_DETAILS.filter((field) => fields.includes(field));
    return known.length ? [{ childName, fields: known }] : [];
  });
  return { asks, message: typeof body.message === 'string' ? body.message : '' };
}

/**
 * What the dialog asks: the children chosen whose records lack what the class needs (the local rule), with what the
 * server asked for them (its word wins where the dialog's reads were out of date), each child once, the fields in
 * the rule's order. A child no longer chosen is not asked.
 */
export function mergeAsks(local: readonly MissingDetails[], server: readonly MissingDetails[], chosen: readonly string[]): MissingDetails[] {
  const merged: MissingDetails[] = [];
  for (const ask of [...local, ...server]) {
    if (!chosen.some((name) => sameChildName(name, ask.childName))) continue;
    const same = merged.find((candidate) => sameChildName(candidate.childName, ask.childName));
    if (same) same.fields = ELIGIBILITY_DETAILS.filter((field) => same.fields.includes(field) || ask.fields.includes(field));
    else merged.push({ childName: ask.childName, fields: [...ask.fields] });
  }
  return merged;
}

/**
 * Why children are refused once `records` are recorded (empty: none is), with what each child already has: a detail just
 * typed may rule a child out, and then the dialogs book nothing and say why (the parent's and the front desk's alike).
 */
export function ruledOutBy(
  records: readonly DetailsToRecord[],
  children: ReadonlyArray<{ name: string; birthDate: string | null; sex: ChildSex | null }>,
  session: { classType: EligibilityClass; startsAt: string },
): string[] {
  return records.flatMap(({ childName, body }) => {
    const child = children.find((candidate) => sameChildName(candidate.name, childName));
    const known = { name: childName, birthDate: body.birthDate ?? child?.birthDate ?? null, sex: body.sex ?? child?.sex ?? null };
    const why = ineligibility(known, session.classType, session.startsAt);
    return why ? [ineligibleReason(childName, why, session.classType)] : [];
  });
}
