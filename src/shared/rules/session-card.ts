import { ageRangeText } from './eligibility';

/** What a session card needs to know about a session. */
export interface CardSession {
  id: string;
  startsAt: string | Date;
  availableSpots: number;
}

export interface SessionCardState {
  /** The user holds a confirmed booking for the session ('Booked' marker). */
  booked: boolean;
  /** No spots left ('Full' marker). */
  full: boolean;
  /** Started before now. */
  past: boolean;
  /** Can take a new booking: neither started nor full. */
  bookable: boolean;
  /**
   * Opens the booking dialog: every session that has not started. An available one to book; a booked one, even when
   * full, to manage its booking (issue 20); a full one to join its waitlist, or to see or leave the family's place
   * in it (issue 21).
   */
  opens: boolean;
  /** The family's place in the session's waitlist ('Waitlist #N'), or null when it does not wait for it. */
  waitlistPosition: number | null;
}

const startTime = (session: { startsAt: string | Date }) => new Date(session.startsAt).getTime();
const timeOf = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

export const isPastSession = (session: { startsAt: string | Date }, now: Date | number) => startTime(session) < timeOf(now);
/**
 * Started: from its very start instant on, a session takes no booking (the server's 'session-started', portal_book
 * refuses `starts_at <= now`), although it shows as past only from the instant after (spec 4: 'start before now').
 */
export const hasStarted = (session: { startsAt: string | Date }, now: Date | number) => startTime(session) <= timeOf(now);
export const isFullSession = (session: { availableSpots: number }) => session.availableSpots <= 0;

/** A session more than this share booked is 'Nearly Full' (spec 9: above 80%), for the office and, issue 33, the families. */
export const NEARLY_FULL_PERCENT = 80;

/** '1 spot left', '3 spots left'. */
export const spotsLeftLabel = (spots: number) => `${spots} ${spots === 1 ? 'spot' : 'spots'} left`;

export type SpotsLevel = 'full' | 'nearly-full' | 'open';

/**
 * Issue 33, what a family's session card says of its spots: 'Full' with none left; 'Nearly full' above 80% booked
 * (the spec's threshold, the one the office's 'Nearly Full' uses, so both read a session alike); otherwise only the
 * spots left. The card shows the number in both cases that are not full, so a small class's last spot shows too.
 */
export function spotsLevel(session: { capacity: number; availableSpots: number }): SpotsLevel {
  if (isFullSession(session)) return 'full';
  const booked = session.capacity - session.availableSpots;
  return booked * 100 > session.capacity * NEARLY_FULL_PERCENT ? 'nearly-full' : 'open';
}

/**
 * Issue 33: who a class is for, on its card ('Ages 8-12', 'Girls only', 'Ages 9-15 · Girls only'), from its class
 * type (the eligibility rules' range words); null for a class open to everyone.
 */
export function classAudienceLabel(classType: { minAge: number | null; maxAge: number | null; girlsOnly: boolean }): string | null {
  const parts: string[] = [];
  if (classType.minAge !== null || classType.maxAge !== null) {
    const ages = ageRangeText(classType.minAge, classType.maxAge);
    parts.push(ages.charAt(0).toUpperCase() + ages.slice(1));
  }
  if (classType.girlsOnly) parts.push('Girls only');
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * Spec 4, session card: booked, full (availableSpots 0), past (start before now), otherwise available; issue 21: a
 * full card opens too (to join the waitlist), and shows the family's place in its waitlist.
 */
export function sessionCardState(
  session: CardSession,
  options: { booked: boolean; now: Date | number; waitlistPosition?: number | null | undefined },
): SessionCardState {
  const past = isPastSession(session, options.now);
  const full = isFullSession(session);
  const waitlistPosition = past ? null : (options.waitlistPosition ?? null);
  return { booked: options.booked, full, past, bookable: !hasStarted(session, options.now) && !full, opens: !past, waitlistPosition };
}

/**
 * Spec 4, booking lifecycle: a booking can move to another future session with availableSpots above 0,
 * other than its current one. The whole booking moves, so the session must have a spot for each child
 * (the server refuses anything less).
 */
export function isRescheduleTarget(
  session: CardSession,
  currentSessionId: string,
  now: Date | number,
  spotsNeeded = 1,
): boolean {
  return (
    session.id !== currentSessionId &&
    startTime(session) > timeOf(now) &&
    session.availableSpots > 0 &&
    session.availableSpots >= spotsNeeded
  );
}

/** Spec 4: a future booking can be cancelled or rescheduled. */
export const isFutureBooking = (booking: { session: { startsAt: string | Date } }, now: Date | number) =>
  startTime(booking.session) > timeOf(now);

/**
 * Spec 5, booking: the Book button is enabled only when at least one child is selected and the session has
 * at least as many spots as children selected (one spot per child).
 */
export function canSubmitBooking(selectedChildren: number, availableSpots: number): boolean {
  return selectedChildren >= 1 && availableSpots >= selectedChildren;
}
