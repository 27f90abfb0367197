/** Spec 4 and 9: admin session status labels, booking bar colours and reservation class badges. */

/** A session more than this share booked is 'Nearly Full' (spec 9: above 80%). */
export const NEARLY_FULL_PERCENT = 80;

export type AdminSessionStatus = 'Full' | 'Nearly Full' | 'Available' | 'Cancelled';

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

/** Spec 4: 'Full' when no spots are left, 'Nearly Full' above 80% booked, otherwise 'Available'; cancelled sessions say so. */
export function adminSessionStatus(session: SessionFill): AdminSessionStatus {
  if (session.status === 'CANCELLED') return 'Cancelled';
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

/** Spec 4 and 9: 0 Empty, under 5 Low, under 15 Medium, otherwise High. */
export function reservationBadge(confirmedCount: number): ReservationBadge {
  if (confirmedCount <= 0) return 'Empty';
  if (confirmedCount < 5) return 'Low';
  if (confirmedCount < 15) return 'Medium';
  return 'High';
}

/** Spec 4: CONFIRMED is shown as confirmed; any other status is shown as 'pending'. */
export function reservationStatusLabel(status: string): 'confirmed' | 'pending' {
  return status === 'CONFIRMED' ? 'confirmed' : 'pending';
}
