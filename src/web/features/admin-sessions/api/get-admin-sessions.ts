import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withSearchParams } from '../../../lib/api';
import { sessionsQuery } from '../../../lib/sessions';

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

/** GET /api/admin/sessions/export.csv with the table's filters (every page): a download link. */
export function sessionsExportUrl({ from, to, classCode }: AdminSessionsFilters): string {
  return withSearchParams('/api/admin/sessions/export.csv', { from, to, classCode });
}

/**
 * GET /api/sessions, one page of the admin table (admins also receive cancelled sessions). The same read and
 * keys as the parent calendar's (lib/sessions.ts), so one invalidation refreshes both.
 */
export function useAdminSessions(query: AdminSessionsQuery, enabled = true) {
  return useQuery({
    ...sessionsQuery(query),
    enabled,
    // Paging and filtering keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
