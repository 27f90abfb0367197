import { queryOptions } from '@tanstack/react-query';
import type { SessionsListResponse } from '../../shared/schemas/sessions';
import { apiRequest, withSearchParams } from './api';

const SESSIONS_PATH = '/api/sessions';

/** The parameters of a GET /api/sessions read: a range of Toronto days, one page, optionally one class code. */
export interface SessionsListParams {
  from: string;
  to: string;
  limit: number;
  page: number;
  /** A class type code, or undefined for every class. */
  classCode?: string | undefined;
}

/**
 * GET /api/sessions is read by the parent calendar and the admin table, and changed by bookings and office
 * actions, so its keys live here. Every key starts with the endpoint path: `all` matches every range, page and
 * filter (one invalidation refreshes the admin table and every parent calendar); the second part is exactly
 * the address's parameters (lib/session-cache.ts reads it back).
 */
export const sessionsKeys = {
  all: [SESSIONS_PATH] as const,
  list: (params: SessionsListParams) => [SESSIONS_PATH, params] as const,
};

/**
 * GET /api/sessions: one page of the sessions in a range (admins also receive cancelled ones). The parameters
 * always go into the address in the same order, so the calendar and the admin table asking for the same read
 * share one address (the service worker keeps one offline copy per address).
 */
export function sessionsQuery({ from, to, limit, page, classCode }: SessionsListParams) {
  const params = { from, to, limit, page, classCode };
  return queryOptions<SessionsListResponse, Error>({
    queryKey: sessionsKeys.list(params),
    queryFn: ({ signal }) => apiRequest<SessionsListResponse>('GET', withSearchParams(SESSIONS_PATH, params), undefined, { signal }),
  });
}
