/** Spec 4 and 9: admin session status labels, booking bar colours, reservation class badges and booking status words. */
import { isPastSession, NEARLY_FULL_PERCENT } from './session-card';

/**
 * Issue 29: the server's refusal of an edit once the session has started (a cancel is refused the same way); the
 * edit dialog shows it when its clock or the server says so.
 */
export const STARTED_SESSION_NOT_EDITED = 'This session has already started; it cannot be edited';

export type AdminSessionStatus = 'Full' | 'Nearly Full' | 'Available' | 'Past' | 'Cancelled';

interface SessionFill {
  capacity: number;
  bookedCount: number;
  status?: string;
}

/** Booked share in whole percent (0–100). */
export function bookedPercent({ capacity, bookedCount }: SessionFill): number {
  if (capacity <= 0) return 100;
  return Math.min(100, Math.round((bookedCount / capacity) * 100));
}

/**
 * Spec 4: 'Full' when no spots are left, 'Nearly Full' above 80% booked, otherwise 'Available'. Cancelled sessions
 * say so; a session whose start is before now says 'Past' (issue 20: from its start nobody can book it, and the
 * parents' calendar calls it past from the same moment), whatever its numbers.
 */
export function adminSessionStatus(session: SessionFill & { startsAt: string | Date }, now: Date | number): AdminSessionStatus {
  if (session.status === 'CANCELLED') return 'Cancelled';
  if (isPastSession(session, now)) return 'Past';
  if (session.bookedCount >= session.capacity) return 'Full';
  // bookedCount / capacity > 0.8, in whole numbers.
  if (session.bookedCount * 100 > session.capacity * NEARLY_FULL_PERCENT) return 'Nearly Full';
  return 'Available';
}

export type BookingBarTone = 'danger' | 'warning' | 'normal';

/** Spec 4: the bookings bar is red at 100%, yellow above 80%, otherwise normal. */
export function bookingBarTone(session: SessionFill): BookingBarTone {
  if (session.bookedCount >= session.capacity) return 'danger';
  if (session.bookedCount * 100 > session.capacity * NEARLY_FULL_PERCENT) return 'warning';
  return 'normal';
}

export type ReservationBadge = 'Empty' | 'Low' | 'Medium' | 'High';

/** Spec 9: the fewest confirmed bookings each badge above 'Empty' starts at (0 Empty, under 5 Low, under 15 Medium, else High). */
export const RESERVATION_BADGE_FLOORS = { Low: 1, Medium: 5, High: 15 } as const;

/** Spec 4 and 9: 0 Empty, under 5 Low, under 15 Medium, otherwise High. */
export function reservationBadge(confirmedCount: number): ReservationBadge {
  if (confirmedCount < RESERVATION_BADGE_FLOORS.Low) return 'Empty';
  if (confirmedCount < RESERVATION_BADGE_FLOORS.Medium) return 'Low';
  if (confirmedCount < RESERVATION_BADGE_FLOORS.High) return 'Medium';
  return 'High';
}

/** The badges with the confirmed counts each stands for ('0', '1–4', '5–14', '15 or more'), for a legend. */
export function reservationBadgeRanges(): Array<{ badge: ReservationBadge; range: string }> {
  const { Low, Medium, High } = RESERVATION_BADGE_FLOORS;
  const span = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);
  return [
    { badge: 'Empty', range: span(0, Low - 1) },
    { badge: 'Low', range: span(Low, Medium - 1) },
    { badge: 'Medium', range: span(Medium, High - 1) },
    { badge: 'High', range: `${High} or more` },
  ];
}

export type BookingStatusLabel = 'Confirmed' | 'Cancelled' | 'Pending';

/**
 * A booking's status as a word, everywhere the office reads one (tables, family page, CSV): CONFIRMED is
 * 'Confirmed', CANCELLED 'Cancelled', and any other status 'Pending' (spec 4: shown as pending).
 */
export function bookingStatusLabel(status: string): BookingStatusLabel {
  if (status === 'CONFIRMED') return 'Confirmed';
  if (status === 'CANCELLED') return 'Cancelled';
  return 'Pending';
}
