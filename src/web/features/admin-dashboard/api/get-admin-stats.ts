import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/schemas/stats';

/** GET /api/admin/stats (spec 7); every admin mutation that changes a number invalidates this key. */
export const ADMIN_STATS_QUERY_KEY = ['/api/admin/stats'] as const;

export function useAdminStats() {
  return useQuery<AdminStats, Error>({ queryKey: ADMIN_STATS_QUERY_KEY });
}
