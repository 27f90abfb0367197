import { useQuery } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { inToronto, torontoDateKey } from '../../../../shared/rules/week';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** Spec 7: without a chosen day the reservations cover 7 days ago to 30 days ahead (the server's default too). */
export const DEFAULT_DAYS_BACK = 7;
export const DEFAULT_DAYS_AHEAD = 30;

/** What the tab asks for: an inclusive range of Toronto days (YYYY-MM-DD) and optionally one class code. */
export interface ReservationsFilter {
  from: string;
  to: string;
  classCode?: string | undefined;
}

/**
 * The Toronto days the tab shows: the chosen day alone, or the default range around today. The range is always
 * sent explicitly, so the heading, the table and the CSV export describe exactly the same days.
 */
export function reservationsRange(day: string | undefined, now: Date): { from: string; to: string } {
  if (day) return { from: day, to: day };
  const today = inToronto(now);
  return { from: torontoDateKey(addDays(today, -DEFAULT_DAYS_BACK)), to: torontoDateKey(addDays(today, DEFAULT_DAYS_AHEAD)) };
}

const params = ({ classCode, from, to }: ReservationsFilter) => ({ classCode, from, to });

/** Starts with the endpoint's path, so invalidating ['/api/admin/reservations'] refreshes every range and class. */
export function reservationsQueryKey(filter: ReservationsFilter) {
  return ['/api/admin/reservations', params(filter)] as const;
}

/** GET /api/admin/reservations/export.csv with the same filter: the address of the download. */
export function reservationsExportUrl(filter: ReservationsFilter): string {
  return withSearchParams('/api/admin/reservations/export.csv', params(filter));
}

/** GET /api/admin/reservations: every booking (any status) whose session starts in the range, by session start. */
export function useReservations(filter: ReservationsFilter) {
  return useQuery<BookingDto[], Error>({
    queryKey: reservationsQueryKey(filter),
    queryFn: ({ signal }) =>
      apiRequest<BookingDto[]>('GET', withSearchParams('/api/admin/reservations', params(filter)), undefined, { signal }),
  });
}
