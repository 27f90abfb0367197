import { sql, type SQL } from 'drizzle-orm';
import type { AdminWaitlistEntryDto, WaitlistEntryDto, WaitlistHold, WaitlistStatus } from '../../../shared/schemas/waitlist';
import { fullName } from '../../../shared/rules/format';
import type { DbOrTx } from '../../db/client';

/** The instant before which a session's waitlist is closed: sessions starting at or before it promote no one. */
export const waitlistClosesBefore = (now: Date, cutoffHours: number) => new Date(now.getTime() + cutoffHours * 3_600_000);

interface Row extends Record<string, unknown> {
  id: string;
  user_id: string;
  session_id: string;
  child_names: string[];
  status: WaitlistStatus;
  created_at: Date | string;
  booking_id: string | null;
  position: number | null;
  starts_at: Date | string;
  ends_at: Date | string;
  location: string;
  class_id: string;
  class_code: string;
  class_name: string;
  class_description: string | null;
  first_name: string;
  last_name: string;
  email: string;
  held_back: WaitlistHold[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toDto(row: Row): AdminWaitlistEntryDto {
  return {
    id: row.id,
    sessionId: row.session_id,
    session: {
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      location: row.location,
      classType: { id: row.class_id, code: row.class_code, name: row.class_name, description: row.class_description },
    },
    childNames: row.child_names,
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    heldBack: row.held_back ?? [],
    bookingId: row.booking_id,
    createdAt: iso(row.created_at),
    userId: row.user_id,
    familyName: fullName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
  };
}

/**
 * Waiting entries (docs/product-rules.md, Waitlist) of sessions whose waitlist is still open, soonest session first,
 * each session's in the order promotion takes them (join time, then id): `position` counts from 1 among the
 * session's waiting entries, `heldBack` names the children whose weekly limit a promotion now would pass.
 */
async function listWaiting(db: DbOrTx, where: SQL, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  const result = await db.execute<Row>(sql`
    select w.id, w.user_id, w.session_id, w.child_names, w.status, w.created_at, w.booking_id,
      (select count(*) from waitlist_entries o
        where o.session_id = w.session_id and o.status = 'WAITING' and (o.created_at, o.id) <= (w.created_at, w.id))::integer as position,
      s.starts_at, s.ends_at, s.location, ct.id as class_id, ct.code as class_code, ct.name as class_name,
      ct.description as class_description, u.first_name, u.last_name, u.email,
      (select coalesce(jsonb_agg(jsonb_build_object('name', w.child_names[k.ord], 'limit', c.weekly_limit, 'used', coalesce(used.used, 0)) order by k.ord), '[]'::jsonb)
         from unnest(w.child_ids) with ordinality as k(id, ord)
         join children c on c.id = k.id
         left join portal_weekly_usage(w.child_ids, s.starts_at) used on used.child_id = k.id
         where coalesce(used.used, 0) + 1 > c.weekly_limit) as held_back
    from waitlist_entries w
    join sessions s on s.id = w.session_id
    join class_types ct on ct.id = s.class_type_id
    join users u on u.id = w.user_id
    where w.status = 'WAITING' and s.status = 'SCHEDULED' and s.starts_at > ${closesBefore.toISOString()}::timestamptz and ${where}
    order by s.starts_at, w.created_at, w.id`);
  return (result as unknown as { rows: Row[] }).rows.map(toDto);
}

/** A family's waiting entries (GET /api/me/waitlist; the family page). */
export function listFamilyWaitlist(db: DbOrTx, userId: string, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  return listWaiting(db, sql`w.user_id = ${userId}`, closesBefore);
}

/** A session's waiting entries in promotion order (the roster). */
export function listSessionWaitlist(db: DbOrTx, sessionId: string, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  return listWaiting(db, sql`w.session_id = ${sessionId}`, closesBefore);
}

/** The family's view of an entry: without the office's fields. */
export function toFamilyEntry({ userId: _userId, familyName: _familyName, email: _email, ...entry }: AdminWaitlistEntryDto): WaitlistEntryDto {
  return entry;
}
