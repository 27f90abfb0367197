import { format } from 'date-fns';
import { inToronto } from './week';

/** Every date the product shows is a Toronto wall-clock date, whatever the viewer's zone. */
export const formatLongDate = (instant: Date | string) => format(inToronto(instant), 'EEEE, MMMM d, yyyy');
export const formatTime = (instant: Date | string) => format(inToronto(instant), 'h:mm a');
export const formatTimeRange = (start: Date | string, end: Date | string) => `${formatTime(start)} - ${formatTime(end)}`;
export const formatShortDate = (instant: Date | string) => format(inToronto(instant), 'EEE, MMM d');

/** Calendar header: 'Nov 16 - Nov 22, 2026' (month and day to month, day and year). */
export function weekRangeLabel(weekStart: Date | string, weekEnd: Date | string): string {
  return `${format(inToronto(weekStart), 'MMM d')} - ${format(inToronto(weekEnd), 'MMM d, yyyy')}`;
}

/** "1 booking", "3 bookings", "2 families" (counts of 1,000 and more with a thousands separator). */
export const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-CA')} ${count === 1 ? one : many}`;

/** Who made a booking, as the office reads it: 'Family', 'Office (Adam Archer)' or 'Waitlist' (a promotion). */
export function bookedByLabel(booking: { bookedBy: 'FAMILY' | 'OFFICE' | 'WAITLIST'; bookedByName: string | null }): string {
  if (booking.bookedBy === 'WAITLIST') return `Waitlist${booking.bookedByName ? ` (promoted by ${booking.bookedByName})` : ''}`;
  return booking.bookedBy === 'OFFICE' ? `Office${booking.bookedByName ? ` (${booking.bookedByName})` : ''}` : 'Family';
}

/** 'Priya Patel': how the office's screens, records and e-mails name a person. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
