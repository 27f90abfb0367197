import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsersListResponse } from '../../../../shared/schemas/admin-users';
import { ADMIN_USERS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest, withSearchParams } from '../../../lib/api';

export interface AdminUsersQuery {
  page: number;
  limit: number;
  /** Name, e-mail or a child's name; searched on the server. Blank means every user. */
  search: string;
}

const listParams = ({ page, limit, search }: AdminUsersQuery) => ({ page, limit, search: search.trim() || undefined });

/** ['/api/admin/users', { page, limit, search }]: the endpoint path first, so one invalidation refreshes every page. */
export function adminUsersQueryKey(query: AdminUsersQuery) {
  return [...ADMIN_USERS_QUERY_KEY, listParams(query)] as const;
}

/** GET /api/admin/users?page&limit&search → { users, page, limit, total, totalPages }. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery<UsersListResponse, Error>({
    queryKey: adminUsersQueryKey(query),
    queryFn: ({ signal }) => apiRequest<UsersListResponse>('GET', withSearchParams('/api/admin/users', listParams(query)), undefined, { signal }),
    // Paging and searching keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
