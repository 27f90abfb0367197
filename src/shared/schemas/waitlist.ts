import { z } from 'zod';
import { createBookingBody, NOTE_REQUIRED_FOR_OVERRIDE, officeNote, overrideNeedsNote } from './bookings';
import { isoInstant } from './dates';

/**
 * The waitlist (issue 21, docs/product-rules.md "Waitlist"): a family waits for a full session with one or more
 * children; when spots free, the first waiting entries that fit become bookings in the same transaction.
 * WAITING holds a place; PROMOTED became a booking; LEFT the family left; REMOVED the office removed it;
 * EXPIRED the session came within the cut-off (or was cancelled) before a spot freed.
 */
export const WAITLIST_STATUSES = ['WAITING', 'PROMOTED', 'LEFT', 'REMOVED', 'EXPIRED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Hours before a session's start when promotion stops and waiting entries expire (env WAITLIST_CUTOFF_HOURS). */
export const DEFAULT_WAITLIST_CUTOFF_HOURS = 2;

/** POST /api/sessions/:id/waitlist. */
export const joinWaitlistBody = createBookingBody.pick({ childNames: true });
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBody>;

/** A child of an entry who would pass their weekly limit if promoted now: the entry keeps its place meanwhile. */
export const waitlistHold = z.object({ name: z.string(), limit: z.number().int(), used: z.number().int() });
export type WaitlistHold = z.infer<typeof waitlistHold>;

/** A waiting entry as its family sees it (GET /api/me/waitlist, POST /api/sessions/:id/waitlist). */
export const waitlistEntryDto = z.object({
  id: z.string(),
  sessionId: z.string(),
  session: z.object({
    startsAt: isoInstant,
    endsAt: isoInstant,
    location: z.string(),
    classType: z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable() }),
  }),
  childNames: z.array(z.string()),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the first waiting entry of the session; null once the entry no longer waits. */
  position: z.number().int().nullable(),
  /** The children whose weekly limit would be passed if a spot freed now (the entry is skipped, keeps its place). */
  heldBack: z.array(waitlistHold),
  /** The booking the entry became (PROMOTED). */
  bookingId: z.string().nullable(),
  createdAt: isoInstant,
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntryDto>;
export const waitlistListResponse = z.array(waitlistEntryDto);

/** A session's waiting entry as the office sees it (the roster, the family page). */
export const adminWaitlistEntryDto = waitlistEntryDto.extend({
  userId: z.string(),
  familyName: z.string(),
  email: z.string(),
});
export type AdminWaitlistEntryDto = z.infer<typeof adminWaitlistEntryDto>;
export const adminWaitlistListResponse = z.array(adminWaitlistEntryDto);

/** POST /api/admin/waitlist/:id/promote: the same rules as a booking, with the front desk's weekly-limit override. */
export const promoteWaitlistBody = z
  .object({ note: officeNote, overrideWeeklyLimit: z.boolean().optional() })
  .refine(overrideNeedsNote, { message: NOTE_REQUIRED_FOR_OVERRIDE, path: ['note'] })
  .nullish();
export type PromoteWaitlistBody = z.infer<typeof promoteWaitlistBody>;

/** DELETE /api/admin/waitlist/:id (optional note). */
export const removeWaitlistBody = z.object({ note: officeNote }).nullish();

/** PATCH /api/me/preferences: what a parent can switch in the user menu. */
export const preferencesBody = z.object({ bookingReminders: z.boolean({ error: 'bookingReminders must be true or false' }) });
export const preferencesResponse = z.object({ bookingReminders: z.boolean() });
export type Preferences = z.infer<typeof preferencesResponse>;
