import { z } from 'zod';

/**
 * GET /api/admin/stats (spec 3, admin stats), all in Toronto time:
 * - totalParents: active accounts that are not ADMIN or SUPER_ADMIN;
 * - weeklyBookings: confirmed bookings in sessions starting this Monday-to-Sunday week;
 * - todaySessions: scheduled (not cancelled) sessions starting today;
 * - capacityAlerts: scheduled sessions from now to the end of this week that are full or more than 80% booked;
 * - waitlistedThisWeek: children waiting (issue 21) for sessions starting this week that have not started;
 * - mail: the e-mails waiting to be sent (mailBacklogSchema), for the dashboard's warning when mail is not going out.
 */
/**
 * The e-mails waiting to be sent (issue 29, src/server/mail/mail-backlog.ts): how many, the oldest one's age in
 * seconds (null when none waits), and whether that age means mail is not going out (15 minutes or more).
 */
export const mailBacklogSchema = z.object({
  backlog: z.number().int(),
  oldestUnsentAgeSeconds: z.number().int().nullable(),
  delayed: z.boolean(),
});
export type MailBacklog = z.infer<typeof mailBacklogSchema>;

export const adminStatsResponse = z.object({
  totalParents: z.number().int(),
  weeklyBookings: z.number().int(),
  todaySessions: z.number().int(),
  capacityAlerts: z.number().int(),
  waitlistedThisWeek: z.number().int(),
  mail: mailBacklogSchema,
});
export type AdminStats = z.infer<typeof adminStatsResponse>;
