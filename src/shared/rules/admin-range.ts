import { addDays } from 'date-fns';
import { inToronto, torontoDateKey } from './week';

/** Spec 7: admin lists (sessions table, reservations) show 7 days ago to 30 days ahead unless a day is chosen. */
export const ADMIN_RANGE_DAYS_BACK = 7;
export const ADMIN_RANGE_DAYS_AHEAD = 30;

/** The Toronto days (YYYY-MM-DD, inclusive) an admin list covers: the chosen day alone, or the default range. */
export function adminListRange(now: Date | number, day?: string): { from: string; to: string } {
  if (day) return { from: day, to: day };
  const today = inToronto(now);
  return { from: torontoDateKey(addDays(today, -ADMIN_RANGE_DAYS_BACK)), to: torontoDateKey(addDays(today, ADMIN_RANGE_DAYS_AHEAD)) };
}
