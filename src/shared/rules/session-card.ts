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
