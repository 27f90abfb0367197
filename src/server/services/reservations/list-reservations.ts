import { endOfDay } from 'date-fns';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import { adminListRange } from '../../../shared/rules/admin-range';
import { torontoMidnightOf } from '../../../shared/rules/week';
import { bookingAttendance } from '../../../shared/rules/attendance';
import type { ReservationDto } from '../../../shared/schemas/bookings';
import type { DbOrTx } from '../../db/client';
import { classTypes, sessions } from '../../db/schema';
import { loadBookingsWithChildren, type BookedChild } from '../bookings/booking-dto';

export interface ListReservationsInput {
  /** First session start included; defaults to the start of the Toronto day 7 days before `now`. */
  from?: Date | undefined;
  /** Last session start included; defaults to the end of the Toronto day 30 days after `now`. */
  to?: Date | undefined;
  classCode?: string | undefined;
  now: Date;
}

/** The range a reservations query covers, each missing edge filled with the default (Toronto days, DST-safe). */
export function reservationsRange({ from, to, now }: ListReservationsInput): { from: Date; to: Date } {
  const days = adminListRange(now);
  return {
    from: from ?? new Date(torontoMidnightOf(days.from).getTime()),
    to: to ?? new Date(endOfDay(torontoMidnightOf(days.to)).getTime()),
  };
}

/**
 * Every booking, whatever its status, whose session starts in the range (optionally of one class code), with
 * parent, class, session and children; ordered by session start, then by when it was booked. Each row says
 * its attendance on `now` (rules/attendance.ts) and when each child was checked in.
 */
export async function listReservations(db: DbOrTx, input: ListReservationsInput): Promise<ReservationDto[]> {
  const range = reservationsRange(input);
  const conditions: SQL[] = [gte(sessions.startsAt, range.from), lte(sessions.startsAt, range.to)];
  if (input.classCode) conditions.push(eq(classTypes.code, input.classCode));
  const rows = await loadBookingsWithChildren(db, and(...conditions)!, input.now);
  return rows.map(({ booking, children }) => withAttendance(booking, children, input.now));
}

/** A report row: the booking, its attendance on `now`, and each booked child's check-in time. */
export function withAttendance(booking: Omit<ReservationDto, 'attendance' | 'children'>, children: BookedChild[], now: Date): ReservationDto {
  return {
    ...booking,
    attendance: bookingAttendance({ status: booking.status, session: booking.session, checkIns: children.map((kid) => kid.checkedInAt) }, now),
    children: children.map((kid) => ({ name: kid.name, checkedInAt: kid.checkedInAt?.toISOString() ?? null })),
  };
}
