import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SessionsListResponse } from '../../../../shared/schemas/sessions';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** The table's filters, shared by the list and the CSV export: Toronto days (YYYY-MM-DD, inclusive). */
export interface AdminSessionsFilters {
  from: string;
  to: string;
  /** A class type code, or undefined for every class. */
  classCode?: string | undefined;
}

export interface AdminSessionsQuery extends AdminSessionsFilters {
  page: number;
  limit: number;
}

const listParams = ({ from, to, limit, page, classCode }: AdminSessionsQuery) => ({ from, to, limit, page, classCode });

/**
 * The key starts with the endpoint path like the parent calendar's, so one invalidation of ['/api/sessions']
 * refreshes this table and every parent's calendar; the rest of the key is exactly the URL's parameters.
 */
export function adminSessionsQueryKey(query: AdminSessionsQuery) {
  return ['/api/sessions', listParams(query)] as const;
}

/** GET /api/admin/sessions/export.csv with the table's filters (every page): a download link. */
export function sessionsExportUrl({ from, to, classCode }: AdminSessionsFilters): string {
  return withSearchParams('/api/admin/sessions/export.csv', { from, to, classCode });
}

/** GET /api/sessions, one page of the admin table (admins also receive cancelled sessions). */
export function useAdminSessions(query: AdminSessionsQuery) {
  return useQuery<SessionsListResponse, Error>({
    queryKey: adminSessionsQueryKey(query),
    queryFn: ({ signal }) => apiRequest<SessionsListResponse>('GET', withSearchParams('/api/sessions', listParams(query)), undefined, { signal }),
    // Paging and filtering keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
