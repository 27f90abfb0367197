import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { ADMIN_RESERVATIONS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** What the tab asks for: an inclusive range of Toronto days (YYYY-MM-DD) and optionally one class code. */
export interface ReservationsFilter {
  from: string;
  to: string;
  classCode?: string | undefined;
}

const params = ({ classCode, from, to }: ReservationsFilter) => ({ classCode, from, to });

/** Starts with the endpoint's path, so invalidating ['/api/admin/reservations'] refreshes every range and class. */
export function reservationsQueryKey(filter: ReservationsFilter) {
  return [...ADMIN_RESERVATIONS_QUERY_KEY, params(filter)] as const;
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
