import { z } from 'zod';

/**
 * GET /api/admin/stats (spec 3, admin stats), all in Toronto time:
 * - totalParents: active accounts that are not ADMIN or SUPER_ADMIN;
 * - weeklyBookings: confirmed bookings in sessions starting this Monday-to-Sunday week;
 * - todaySessions: scheduled (not cancelled) sessions starting today;
 * - capacityAlerts: scheduled sessions from now to the end of this week that are full or more than 80% booked;
 * - waitlistedThisWeek: children waiting (issue 21) for sessions starting this week that have not started.
 */
export const adminStatsResponse = z.object({
  totalParents: z.number().int(),
  weeklyBookings: z.number().int(),
  todaySessions: z.number().int(),
  capacityAlerts: z.number().int(),
  waitlistedThisWeek: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsResponse>;
