import { z } from 'zod';
import { dateRangeQuery, fromNotAfterTo } from './dates';

/**
 * Issue 34, the activity log (docs/product-rules.md "Activity log"): GET /api/admin/activity (administrators only),
 * newest first, in pages joined by a cursor; the same filters give the CSV export.
 */
export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 200;
/** The CSV export's most rows (the newest of the filter); the tab says so when there are more. */
export const MAX_ACTIVITY_EXPORT_ROWS = 10_000;

const id = (what: string) => z.uuid({ error: `${what} must be an id` }).optional();

const activityFilters = z.object({
  /** The staff member who made the changes. */
  personId: id('personId'),
  kind: z.string().trim().max(80, 'kind is too long').optional(),
  /** A family, by its id or any guardian's (the users table's ids). */
  familyId: id('familyId'),
  sessionId: id('sessionId'),
  ...dateRangeQuery,
});

export const activityExportQuery = activityFilters.refine(fromNotAfterTo, { path: ['to'], message: 'to must not be before from' });
export const activityQuery = activityFilters
  .extend({
    cursor: z.string().trim().max(200, 'cursor is not valid').optional(),
    limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1).max(MAX_ACTIVITY_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
  })
  .refine(fromNotAfterTo, { path: ['to'], message: 'to must not be before from' });
export type ActivityQuery = z.input<typeof activityQuery>;

/** One field of a row change: before and after (null: none), or only its name when hidden (a secret, a note). */
export const activityField = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  redacted: z.boolean().optional(),
});
export type ActivityField = z.infer<typeof activityField>;

export const activityChange = z.object({
  table: z.string(),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.string().nullable(),
  /** The row as people name it (a class's or a child's name), when it has one. */
  label: z.string().nullable().optional(),
  fields: z.array(activityField),
});
export type ActivityChange = z.infer<typeof activityChange>;

export const activityEntryDto = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  kind: z.string(),
  kindLabel: z.string(),
  subject: z.object({ type: z.string(), id: z.string() }),
  /** The first family the change touched (by its first guardian's name), and how many it touched. */
  family: z.object({ id: z.string(), name: z.string() }).nullable(),
  familyCount: z.number().int(),
  session: z.object({ id: z.string(), className: z.string(), startsAt: z.string() }).nullable(),
  changes: z.array(activityChange),
  /** Rows changed; `changes` holds the first 100. */
  changeCount: z.number().int(),
  address: z.string().nullable(),
});
export type ActivityEntryDto = z.infer<typeof activityEntryDto>;

export const activityListResponse = z.object({
  entries: z.array(activityEntryDto),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityListResponse = z.infer<typeof activityListResponse>;

/** GET /api/admin/activity/people: the staff members the log names, for the person filter. */
export const activityPeopleResponse = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
});
export type ActivityPeopleResponse = z.infer<typeof activityPeopleResponse>;

export const BAD_ACTIVITY_CURSOR = 'This page of the activity log is no longer available: start from the newest entries again.';
