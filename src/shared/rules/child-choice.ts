import { sameChildName } from './child-name';
import { ineligibility, ineligibleReason, type EligibilityChild, type EligibilityClass } from './eligibility';
import { creditFor, needsCredit, USES_MAKEUP_CREDIT } from './makeup-credits';
import { namesInWords, onTheWaitlist } from './waitlist';
import { startOfTorontoWeek } from './week';

/**
 * Issue 20: what the booking dialog tells about each child before the parent presses Book. The server stays the
 * authority (it checks all of this again under locks); the browser only explains sooner.
 */

/** 'this week' or 'next week', as the family sees the Toronto week of a session (the window holds only these two). */
export function weekWordOf(sessionStart: Date | string | number, now: Date | number): 'this week' | 'next week' {
  return startOfTorontoWeek(sessionStart).getTime() === startOfTorontoWeek(now).getTime() ? 'this week' : 'next week';
}

export interface ChildWeek {
  name: string;
  used: number;
  limit: number;
  remaining: number;
  /** Issue 32: the ends of the child's available make-up credits (child-stats' makeupCreditExpiries). */
  makeupCreditExpiries?: readonly string[];
}

export interface ChildChoice {
  name: string;
  /**
   * Can be ticked: not booked in this session nor waiting for it, and sessions left in its week (or not known yet;
   * for the waitlist of a full session the week does not matter: the server skips the child while at the limit).
   */
  bookable: boolean;
  /** Why not, in words: 'Already booked', 'On the waitlist (#2)' or 'Weekly limit reached (2 of 2)'. */
  reason: string | null;
  /**
   * '1 of 2 left this week', once the week's use is known; issue 32: 'Weekly limit reached — uses a make-up credit'
   * for a child at the limit whose credit covers the session.
   */
  left: string | null;
  /** Issue 32: booking the child uses one of its make-up credits (the server picks which, and decides). */
  usesCredit?: true;
  /**
   * Issue 22: set when the child's recorded date of birth or sex rules the session's class out; `reason` is then the
   * server's own sentence naming the child and the rule (eligibility.ts ineligibleReason).
   */
  ineligible?: true;
}

export const ALREADY_BOOKED = 'Already booked';

export const weeklyLimitReached = (week: Pick<ChildWeek, 'used' | 'limit'>) => `Weekly limit reached (${week.used} of ${week.limit})`;

/** Issue 32: the note of a child at the weekly limit whose booking uses a make-up credit. */
export const WEEKLY_LIMIT_USES_CREDIT = `Weekly limit reached — ${USES_MAKEUP_CREDIT}`;

/**
 * Issue 32: a booking of the child for a session starting at `sessionStart` would use a make-up credit: the week
 * already holds its limit and one of its credits ends after the start (the server's rule, makeup-credits.ts).
 */
export const usesMakeupCredit = (week: ChildWeek, sessionStart: Date | string): boolean =>
  needsCredit(week) && creditFor(week.makeupCreditExpiries ?? [], sessionStart) !== null;

/** Under the choice: 'Ava's booking uses a make-up credit.', 'Ava and Leo each use a make-up credit.' */
export function creditsSentence(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]}'s booking ${USES_MAKEUP_CREDIT}.` : `${namesInWords(names)} each use a make-up credit.`;
}

/**
 * Each child of the family for one session: booked in it already (any of the family's confirmed bookings of the
 * session), waiting for it (issue 21: the family's waiting entries of the session, with their place in line), out of
 * sessions that week (the child-stats of the session's week; unknown while they load), or free. `forWaitlist`: the
 * session is full and the dialog joins its waitlist, where a child already waiting cannot be chosen again, and a
 * child at the weekly limit may still wait (the server skips the entry while the child is at the limit, and it keeps
 * its place). With spots free, a waiting child can be booked directly (the server then takes them off the entry).
 */
export function childChoices(
  children: readonly ({ name: string } & Partial<Pick<EligibilityChild, 'birthDate' | 'sex'>>)[],
  options: {
    bookedHere: readonly string[];
    waitingHere?: readonly { name: string; position: number | null }[] | undefined;
    week: readonly ChildWeek[] | undefined;
    weekWord: string;
    forWaitlist?: boolean | undefined;
    /**
     * Issue 22: the session's class and start. A child whose recorded date of birth puts them outside the class's ages
     * on the session's Toronto date, or a boy for a girls-only class, cannot be ticked (for a booking or the waitlist)
     * and is told why in the server's words. What is not recorded never refuses. Issue 32: the start also says whether
     * a child at the weekly limit has a make-up credit for the session (without it, none is assumed).
     */
    session?: { classType: EligibilityClass; startsAt: Date | string } | undefined;
  },
): ChildChoice[] {
  return children.map(({ name, birthDate = null, sex = null }) => {
    const week = options.week?.find((candidate) => sameChildName(candidate.name, name));
    const left = week ? `${week.remaining} of ${week.limit} left ${options.weekWord}` : null;
    if (options.bookedHere.some((booked) => sameChildName(booked, name))) return { name, bookable: false, reason: ALREADY_BOOKED, left };
    const why = options.session ? ineligibility({ name, birthDate, sex }, options.session.classType, options.session.startsAt) : null;
    if (why && options.session) return { name, bookable: false, reason: ineligibleReason(name, why, options.session.classType), left, ineligible: true };
    const waiting = options.waitingHere?.find((candidate) => sameChildName(candidate.name, name));
    if (waiting && options.forWaitlist) return { name, bookable: false, reason: onTheWaitlist(waiting.position), left };
    // Issue 32: a credit lets a child past the weekly limit into a booking; a waitlist never uses one.
    const atLimit = week && week.remaining <= 0 && !options.forWaitlist;
    if (atLimit && options.session && usesMakeupCredit(week, options.session.startsAt)) {
      return { name, bookable: true, reason: waiting ? onTheWaitlist(waiting.position) : null, left: WEEKLY_LIMIT_USES_CREDIT, usesCredit: true };
    }
    if (atLimit) return { name, bookable: false, reason: weeklyLimitReached(week), left };
    return { name, bookable: true, reason: waiting ? onTheWaitlist(waiting.position) : null, left };
  });
}

const isWaitingReason = (reason: string | null) => reason?.startsWith(onTheWaitlist(null)) ?? false;

/**
 * With no child left to book (or to put on the waitlist): why, naming each child ('Ava is already booked; Leo is
 * already on the waitlist; Mia: weekly limit reached (1 of 1).').
 */
export function noChildBookableReason(choices: readonly ChildChoice[]): string | null {
  if (choices.length === 0 || choices.some((choice) => choice.bookable)) return null;
  const each = choices.map((choice) =>
    choice.ineligible
      ? (choice.reason ?? choice.name)
      : choice.reason === ALREADY_BOOKED
      ? `${choice.name} is already booked`
      : isWaitingReason(choice.reason)
        ? `${choice.name} is already on the waitlist`
        : `${choice.name}: ${choice.reason?.toLowerCase()}`,
  );
  return `None of your children can be booked into this session. ${each.join('; ')}.`;
}

/**
 * Issue 22: the server's reasons why some of `childNames` (a booking's children, found among the family's `children`
 * with their recorded date of birth and sex) cannot be in a session of `classType` starting at `startsAt`; empty when
 * all may (a reschedule's target must take every child of the booking). A name not found refuses nothing.
 */
export function ineligibleReasons(
  children: readonly ({ name: string } & Partial<Pick<EligibilityChild, 'birthDate' | 'sex'>>)[],
  childNames: readonly string[],
  session: { classType: EligibilityClass; startsAt: Date | string },
): string[] {
  return childNames.flatMap((name) => {
    const child = children.find((candidate) => sameChildName(candidate.name, name));
    if (!child) return [];
    const why = ineligibility({ name, birthDate: child.birthDate ?? null, sex: child.sex ?? null }, session.classType, session.startsAt);
    return why ? [ineligibleReason(name, why, session.classType)] : [];
  });
}
