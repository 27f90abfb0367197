import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/schemas/stats';
import { ADMIN_STATS_QUERY_KEY } from '../../../lib/admin-query-keys';

/** GET /api/admin/stats (spec 7); every admin mutation that changes a number invalidates its key. */
export function useAdminStats() {
  return useQuery<AdminStats, Error>({ queryKey: ADMIN_STATS_QUERY_KEY });
}
