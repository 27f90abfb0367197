import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseFamilyResponse } from '../../../../shared/schemas/privacy';
import { adminStatsKeys, familyKeys, reservationsKeys, rosterKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

/** The users list's and family pages' keys all start with the users path. */
const USERS_ALL = ['/api/admin/users'] as const;

/**
 * POST /api/admin/users/:id/erase (issue 31, SUPER_ADMIN): the family's personal data goes, its bookings stay as
 * anonymous counts. Afterwards the users list, family pages, reports, rosters and stat cards are stale.
 */
export function useEraseFamily() {
  const queryClient = useQueryClient();
  return useMutation<EraseFamilyResponse, Error, { userId: string; confirm: string }>({
    mutationFn: ({ userId, confirm }) => apiRequest<EraseFamilyResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/erase`, { confirm }),
    onSuccess: async (_answer, { userId }) => {
      queryClient.removeQueries({ queryKey: familyKeys.detail(userId) });
      const keys = [USERS_ALL, familyKeys.all, reservationsKeys.all, rosterKeys.all, adminStatsKeys.all];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
