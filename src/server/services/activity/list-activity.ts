import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { activityKindLabel } from '../../../shared/rules/activity';
import {
  ACTIVITY_PAGE_SIZE,
  activityChange,
  BAD_ACTIVITY_CURSOR,
  type ActivityEntryDto,
  type ActivityListResponse,
  type ActivityPeopleResponse,
} from '../../../shared/schemas/activity';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { HttpError } from '../../http-error';

export interface ActivityFilters {
  personId?: string | undefined;
  kind?: string | undefined;
  /** A family's id or any of its guardians' ids. */
  familyId?: string | undefined;
  sessionId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface ListActivityInput extends ActivityFilters {
  cursor?: string | undefined;
  limit?: number | undefined;
}

const entryRow = z.object({
  id: z.string(),
  at: z.union([z.string(), z.date()]).transform((value) => new Date(value)),
  actor_id: z.string(),
  actor_name: z.string(),
  actor_role: z.string(),
  kind: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  family_ids: z.array(z.string()),
  changes: z.array(activityChange.passthrough()),
  change_count: z.number().int(),
  address: z.string().nullable(),
  family_name: z.string().nullable(),
  session_id: z.string().nullable(),
  class_name: z.string().nullable(),
  starts_at: z.union([z.string(), z.date()]).nullable(),
});
type EntryRow = z.output<typeof entryRow>;

/** A page's cursor: the last entry's instant (to the microsecond, as stored) and id, base64url. */
const cursorOf = (row: { at_text: string; id: string }) => Buffer.from(`${row.at_text}|${row.id}`).toString('base64url');

function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new HttpError(400, BAD_ACTIVITY_CURSOR, { code: 'ACTIVITY_CURSOR_INVALID' });
  }
  return { at, id };
}

/** The filters as SQL conditions on activity_entries `e` (a family by any guardian's id, as the users table names it). */
export function activityConditions(filters: ActivityFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.personId) conditions.push(sql`e.actor_id = ${filters.personId}::uuid`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.familyId) {
    conditions.push(sql`e.family_ids && array(select ${filters.familyId}::uuid union select u.family_id from users u where u.id = ${filters.familyId}::uuid and u.family_id is not null)`);
  }
  if (filters.sessionId) conditions.push(sql`e.session_ids @> array[${filters.sessionId}::uuid]`);
  if (filters.from) conditions.push(sql`e.at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.to) conditions.push(sql`e.at <= ${filters.to.toISOString()}::timestamptz`);
  return conditions;
}

/**
 * The entries matching the filters, newest first, with each entry's first family (named by its first guardian) and
 * first session (its class and start): `limit` rows, read in (at, id) order from the log's index.
 */
export async function selectActivity(db: Database, conditions: SQL[], limit: number): Promise<Array<EntryRow & { at_text: string }>> {
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select e.id, e.at, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text,
           e.actor_id, e.actor_name, e.actor_role, e.kind, e.subject_type, e.subject_id, e.family_ids,
           e.changes, e.change_count, e.address,
           (select g.first_name || ' ' || g.last_name from users g
             where g.family_id = e.family_ids[1] order by g.created_at, g.id limit 1) as family_name,
           s.id as session_id, c.name as class_name, s.starts_at
      from activity_entries e
      left join sessions s on s.id = e.session_ids[1]
      left join class_types c on c.id = s.class_type_id
      ${where}
     order by e.at desc, e.id desc
     limit ${limit}`);
  return rowsOf(entryRow.extend({ at_text: z.string() }), result, 'activity entries');
}

export function toActivityEntryDto(row: EntryRow): ActivityEntryDto {
  const familyId = row.family_ids[0];
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role },
    kind: row.kind,
    kindLabel: activityKindLabel(row.kind),
    subject: { type: row.subject_type, id: row.subject_id },
    family: familyId ? { id: familyId, name: row.family_name ?? 'Family no longer on file' } : null,
    familyCount: row.family_ids.length,
    session: row.session_id && row.class_name && row.starts_at ? { id: row.session_id, className: row.class_name, startsAt: new Date(row.starts_at).toISOString() } : null,
    changes: row.changes.map(({ table, op, id, label, fields }) => ({ table, op, id, label: label ?? null, fields })),
    changeCount: row.change_count,
    address: row.address,
  };
}

/** GET /api/admin/activity: one page of the log; `nextCursor` continues after its last entry. */
export async function listActivity(db: Database, input: ListActivityInput): Promise<ActivityListResponse> {
  const limit = input.limit ?? ACTIVITY_PAGE_SIZE;
  const conditions = activityConditions(input);
  if (input.cursor) {
    const after = parseCursor(input.cursor);
    conditions.push(sql`(e.at, e.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await selectActivity(db, conditions, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page.map(toActivityEntryDto), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** The staff members the log names (their name and role as last written), for the person filter. */
export async function listActivityPeople(db: Database): Promise<ActivityPeopleResponse> {
  const result = await db.execute(sql`
    select distinct on (e.actor_id) e.actor_id as id, e.actor_name as name, e.actor_role as role
      from activity_entries e
     order by e.actor_id, e.at desc`);
  const people = rowsOf(z.object({ id: z.string(), name: z.string(), role: z.string() }), result, 'activity people');
  return { people: people.sort((a, b) => a.name.localeCompare(b.name)) };
}
