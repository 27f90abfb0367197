import { useQuery } from '@tanstack/react-query';
import { reservationsQuery, type ReservationsParams } from '../../../lib/admin-queries';
import { withSearchParams } from '../../../lib/api';

/** What the tab asks for: an inclusive range of Toronto days (YYYY-MM-DD) and optionally one class code. */
export type ReservationsFilter = ReservationsParams;

/** GET /api/admin/reservations/export.csv with the same filter: the address of the download. */
export function reservationsExportUrl({ classCode, from, to }: ReservationsFilter): string {
  return withSearchParams('/api/admin/reservations/export.csv', { classCode, from, to });
}

/** GET /api/admin/reservations (lib/admin-queries.ts): every booking whose session starts in the range. */
export function useReservations(filter: ReservationsFilter) {
  return useQuery(reservationsQuery(filter));
}
