import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClosureDto, ClosureDto } from '../../shared/schemas/closures';
import { apiRequest } from './api';

const CLOSURES_PATH = '/api/closures';
const ADMIN_CLOSURES_PATH = '/api/admin/closures';

/** Issue 32: the closures' reads (the parent calendar's and the office's list). */
export const closuresKeys = {
  current: [CLOSURES_PATH] as const,
  admin: [ADMIN_CLOSURES_PATH] as const,
};

/** GET /api/closures: the closed days from today on (every signed-in user). */
export const currentClosuresQuery = queryOptions<{ closures: ClosureDto[] }, Error>({
  queryKey: closuresKeys.current,
  queryFn: ({ signal }) => apiRequest<{ closures: ClosureDto[] }>('GET', CLOSURES_PATH, undefined, { signal }),
});

export const useCurrentClosures = () => useQuery(currentClosuresQuery);

/** GET /api/admin/closures: every closure, past ones too (the office's list). */
export const useAdminClosures = () =>
  useQuery<{ closures: AdminClosureDto[] }, Error>({
    queryKey: closuresKeys.admin,
    queryFn: ({ signal }) => apiRequest<{ closures: AdminClosureDto[] }>('GET', ADMIN_CLOSURES_PATH, undefined, { signal }),
  });
