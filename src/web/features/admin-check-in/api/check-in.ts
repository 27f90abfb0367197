import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckInBody, CheckInLookupBody, CheckInLookupResponse, CheckInResponse, UndoCheckInResponse } from '../../../../shared/schemas/check-in';
import { reservationsKeys, rosterKeys, rosterQuery } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';
import { sessionsQuery } from '../../../lib/sessions';

/** Several administrators check children in at once: the roster at the door is read again this often. */
export const ROSTER_REFRESH_MS = 10_000;

/** GET /api/sessions for one Toronto day (admins see cancelled sessions too): the sessions to check in at. */
export function useSessionsOfDay(day: string) {
  return useQuery(sessionsQuery({ from: day, to: day, limit: 100, page: 1 }));
}

/** The session's roster with each child's check-in, refreshed every few seconds while the Check-in tab shows it. */
export function useDoorRoster(sessionId: string | undefined) {
  return useQuery({ ...rosterQuery(sessionId ?? ''), enabled: !!sessionId, refetchInterval: ROSTER_REFRESH_MS });
}

/** What a check-in makes stale: that session's roster (the door and the roster page) and the reservations report. */
async function refreshAfterCheckIn(queryClient: QueryClient, sessionId: string): Promise<void> {
  await Promise.all([rosterKeys.detail(sessionId), reservationsKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/admin/check-in/lookup: the booking a typed or scanned reference names, if it belongs at this door today. */
export function useLookUpBooking() {
  return useMutation<CheckInLookupResponse, Error, CheckInLookupBody>({
    mutationFn: (body) => apiRequest<CheckInLookupResponse>('POST', '/api/admin/check-in/lookup', body),
  });
}

/** POST /api/admin/check-in: one child present (a second tap, by anyone, answers the first record). */
export function useCheckInChild(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation<CheckInResponse, Error, CheckInBody>({
    mutationFn: (body) => apiRequest<CheckInResponse>('POST', '/api/admin/check-in', body),
    onSettled: () => refreshAfterCheckIn(queryClient, sessionId),
  });
}

/** POST /api/admin/check-in/undo: takes a mistaken tap back. */
export function useUndoCheckIn(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation<UndoCheckInResponse, Error, CheckInBody>({
    mutationFn: (body) => apiRequest<UndoCheckInResponse>('POST', '/api/admin/check-in/undo', body),
    onSettled: () => refreshAfterCheckIn(queryClient, sessionId),
  });
}
