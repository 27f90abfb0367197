import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersListResponse } from '../../../../shared/schemas/admin-users';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** The users' address; creating one posts to it too. */
export const ADMIN_USERS_PATH = '/api/admin/users';

export interface AdminUsersQuery {
  page: number;
  limit: number;
  /** Name, e-mail or a child's name; searched on the server. Blank means every user. */
  search: string;
}

const listParams = ({ page, limit, search }: AdminUsersQuery) => ({ page, limit, search: search.trim() || undefined });

/** The endpoint path first, so `all` (one invalidation) refreshes every page and search. */
export const adminUsersKeys = {
  all: [ADMIN_USERS_PATH] as const,
  list: (params: ReturnType<typeof listParams>) => [ADMIN_USERS_PATH, params] as const,
};

/** GET /api/admin/users?page&limit&search → { users, page, limit, total, totalPages }. */
export function adminUsersQuery(query: AdminUsersQuery) {
  const params = listParams(query);
  return queryOptions<UsersListResponse, Error>({
    queryKey: adminUsersKeys.list(params),
    queryFn: ({ signal }) => apiRequest<UsersListResponse>('GET', withSearchParams(ADMIN_USERS_PATH, params), undefined, { signal }),
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    ...adminUsersQuery(query),
    // Paging and searching keep the previous rows on screen (dimmed) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
