import { format } from 'date-fns';
import { inToronto } from './week';

/** Every date the product shows is a Toronto wall-clock date, whatever the viewer's zone. */
export const formatLongDate = (instant: Date | string) => format(inToronto(instant), 'EEEE, MMMM d, yyyy');
export const formatTime = (instant: Date | string) => format(inToronto(instant), 'h:mm a');
export const formatTimeRange = (start: Date | string, end: Date | string) => `${formatTime(start)} - ${formatTime(end)}`;
export const formatShortDate = (instant: Date | string) => format(inToronto(instant), 'EEE, MMM d');
/** The office's tables and day filters: 'Mon, Nov 23, 2026' (issue 33: one date format per context). */
export const formatTableDate = (instant: Date | string) => format(inToronto(instant), 'EEE, MMM d, yyyy');

/** Calendar header: 'Nov 16 - Nov 22, 2026' (month and day to month, day and year). */
export function weekRangeLabel(weekStart: Date | string, weekEnd: Date | string): string {
  return `${format(inToronto(weekStart), 'MMM d')} - ${format(inToronto(weekEnd), 'MMM d, yyyy')}`;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-CA');

/**
 * A count as the product writes it: '7', '1,250'. Counts below 1,000 (nearly all) skip the number formatter, whose
 * first use loads its locale data: a long task on a phone's first screen (issue 33).
 */
export const formatCount = (count: number): string => (Number.isInteger(count) && Math.abs(count) < 1000 ? String(count) : COUNT_FORMAT.format(count));

/** "1 booking", "3 bookings", "2 families" (counts of 1,000 and more with a thousands separator). */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** Who made a booking, as the office reads it: 'Family', 'Office (Adam Archer)' or 'Waitlist' (a promotion). */
export function bookedByLabel(booking: { bookedBy: 'FAMILY' | 'OFFICE' | 'WAITLIST'; bookedByName: string | null }): string {
  if (booking.bookedBy === 'WAITLIST') return `Waitlist${booking.bookedByName ? ` (promoted by ${booking.bookedByName})` : ''}`;
  return booking.bookedBy === 'OFFICE' ? `Office${booking.bookedByName ? ` (${booking.bookedByName})` : ''}` : 'Family';
}

/** 'Priya Patel': how the office's screens, records and e-mails name a person. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
