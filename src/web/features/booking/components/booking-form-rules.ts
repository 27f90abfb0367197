import type { ChildChoice } from '../../../../shared/rules/child-choice';
import { canSubmitBooking, spotsLeftLabel } from '../../../../shared/rules/session-card';
import { bookingActionFor } from '../../../../shared/rules/waitlist';
import type { SessionDto } from '../../../../shared/schemas/sessions';

/** 'Ages: 8-14' plus ' (Girls Only)' when the class is girls-only. */
export function agesLabel(classType: Pick<SessionDto['classType'], 'minAge' | 'maxAge' | 'girlsOnly'>): string | null {
  if (classType.minAge === null && classType.maxAge === null) return null;
  const ages = `Ages: ${classType.minAge ?? ''}-${classType.maxAge ?? ''}`;
  return classType.girlsOnly ? `${ages} (Girls Only)` : ages;
}

/** The 'Availability' line: 'Full' with no spot left (as on the session card), else the spots left. */
export function availabilityLabel(spots: number | null): string {
  if (spots === null) return 'No longer available';
  return spots <= 0 ? 'Full' : spotsLeftLabel(spots);
}

/** The 'Waitlist' line: the children waiting for a spot (every family's), shown once anyone waits. */
export const waitingLabel = (children: number) => `${children} ${children === 1 ? 'child' : 'children'} waiting`;

/** The ticked children after one box changes, in the order of the account's children whatever order they are ticked in. */
export function toggledChildren(children: readonly { name: string }[], current: readonly string[], name: string, checked: boolean): string[] {
  return children.map((child) => child.name).filter((n) => (n === name ? checked : current.includes(n)));
}

/** What the booking dialog offers for the children ticked (spec 5; issue 21: the waitlist of a full session). */
export interface BookingChoice {
  /** The ticked children that can be booked (a child ticked before their week was known, then found unbookable, is left out). */
  picked: string[];
  /** No spot for every child chosen: the dialog joins the waitlist (not for a session that is no longer listed). */
  joining: boolean;
  /** Children ticked for the waitlist who already wait for this session (with spots free they can be booked). */
  waitingPicked: string[];
  /** Book (or Join Waitlist) reads as enabled. */
  canSubmit: boolean;
  /** More children ticked than spots left in a session that is not full. */
  tooFewSpots: boolean;
  /** A full session whose waitlist has closed (WAITLIST_CUTOFF_HOURS before the start) offers neither button. */
  waitlistClosed: boolean;
  /** Issue 32: children picked for a booking (not the waitlist) past their weekly limit, each using a make-up credit. */
  creditPicked: string[];
}

export function bookingChoice(options: {
  choices: readonly ChildChoice[];
  selected: readonly string[];
  /** Spots left as the calendar's reads know them now (0 for a session no longer listed). */
  availableSpots: number;
  /** The session is no longer listed. */
  gone: boolean;
  waitlistOpen: boolean;
  online: boolean;
  /** Why no child can be booked at all (noChildBookableReason), or null. */
  noneBookable: string | null;
}): BookingChoice {
  const { choices, selected, availableSpots, gone, waitlistOpen, online, noneBookable } = options;
  const full = availableSpots <= 0;
  const picked = selected.filter((name) => choices.some((choice) => choice.name === name && choice.bookable));
  const joining = !gone && bookingActionFor({ chosen: picked.length, availableSpots }) === 'waitlist';
  const waitingPicked = joining ? picked.filter((name) => choices.some((choice) => choice.name === name && choice.reason !== null)) : [];
  const canSubmit =
    online &&
    !noneBookable &&
    (joining ? picked.length >= 1 && waitlistOpen && waitingPicked.length === 0 : canSubmitBooking(picked.length, availableSpots));
  const creditPicked = joining ? [] : picked.filter((name) => choices.some((choice) => choice.name === name && choice.usesCredit));
  return {
    picked,
    joining,
    waitingPicked,
    canSubmit,
    tooFewSpots: !full && picked.length > availableSpots,
    waitlistClosed: joining && !waitlistOpen,
    creditPicked,
  };
}

/**
 * What pressing Book (or Join Waitlist) does: nothing while a request runs; with no child ticked, the 'No Children
 * Selected' toast (spec 5: the button reads as disabled yet explains why); nothing while the choice is not valid;
 * else join the waitlist or book.
 */
export function submitStep(options: { busy: boolean; picked: number; valid: boolean; canSubmit: boolean; joining: boolean }): 'none' | 'no-children' | 'join' | 'book' {
  const { busy, picked, valid, canSubmit, joining } = options;
  if (busy) return 'none';
  if (picked === 0) return 'no-children';
  if (!valid || !canSubmit) return 'none';
  return joining ? 'join' : 'book';
}

/** The submit button's text: Book Session or Join Waitlist, and what it is doing while the request runs. */
export function submitLabel(joining: boolean, busy: boolean): string {
  if (joining) return busy ? 'Joining...' : 'Join Waitlist';
  return busy ? 'Booking...' : 'Book Session';
}

/** The summary's extra lines: the spots left (null: no longer listed), and the children waiting once anyone waits. */
export function summaryLines(spots: number | null, waitlistCount: number): { availability: string; waiting: string | null } {
  return { availability: availabilityLabel(spots), waiting: spots !== null && waitlistCount > 0 ? waitingLabel(waitlistCount) : null };
}

/** The note when children ticked for the waitlist already wait for this session. */
export function alreadyWaitingSentence(namesInWords: string, count: number): string {
  return `${namesInWords} ${count === 1 ? 'is' : 'are'} already on the waitlist for this session.`;
}
