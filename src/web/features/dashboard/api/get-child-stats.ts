import { useQuery } from '@tanstack/react-query';
import { childStatsQuery } from '../../../lib/child-stats';

/** GET /api/me/child-stats?week=YYYY-MM-DD: each child's confirmed sessions in that Toronto week. */
export function useChildStats(week: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...childStatsQuery(week), enabled: options.enabled ?? true });
}
