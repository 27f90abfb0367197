import { useQuery } from '@tanstack/react-query';
import { adminStatsQuery } from '../../../lib/admin-queries';

/** GET /api/admin/stats (spec 7); every admin mutation that changes a number invalidates its key. */
export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
