import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { childNamesClashMessage, firstRepeatedChildName } from '../../../shared/rules/child-name';
import { CHILD_DETAIL_FIELDS, MAX_CHILDREN, type ChildChange } from '../../../shared/schemas/children';
import { DEFAULT_WEEKLY_LIMIT } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { bookingChildren, bookings, children, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { plural } from './user-rules';

export type { ChildChange } from '../../../shared/schemas/children';

export interface WriteChildrenInput {
  /** The family whose children these are (decision 027). */
  familyId: string;
  /**
   * What to do with the child at each position (1–4, the API's slots first…fourth; a position left out is not touched):
   * - `name` a text: renames the child there (same row, so their bookings and weekly count stay with them) or adds a
   *   child there;
   * - `name` null or blank: removes the child there (refused while they have upcoming bookings);
   * - `name` absent: the child stays; `weeklyLimit` alone changes their limit.
   * - a detail (CHILD_DETAIL_FIELDS: date of birth, sex): absent keeps what is recorded (a rename keeps it too: the same
   *   child), null clears it, a value sets it; a new child without them has none recorded.
   */
  children: readonly ChildChange[];
  /** Bookings whose session starts after this instant are upcoming. */
  now: Date;
}

type ChildRow = typeof children.$inferSelect;

/**
 * Applies slot changes to a user's children inside the caller's transaction (the caller should hold the
 * user's row lock, see lockUser). The user's current children are locked in id order, the same order the
 * booking rules lock them (after the sessions of the family's waiting entries when a child is removed), so a
 * booking racing a removal either lands first (and the removal is refused) or finds the child gone. Names stay
 * distinct by their key (src/shared/rules/child-name.ts; 400); removing a child with upcoming
 * CONFIRMED bookings is refused (409, naming the child). A removed child's row is kept (removed_at) so
 * their past bookings stay readable.
 */
export async function writeChildren(tx: Tx, input: WriteChildrenInput): Promise<void> {
  const { familyId, now } = input;
  // A child removed leaves the family's waiting entries (below), under their sessions' locks: the sessions come
  // before the children in the lock order (docs/decisions/022-lock-order-and-retries.md), so they are taken first.
  const removing = input.children.some((change) => change.name !== undefined && !(change.name ?? '').trim());
  if (removing) {
    await tx.execute(sql`
      select 1 from sessions where id in (select w.session_id from waitlist_entries w where w.family_id = ${familyId} and w.status = 'WAITING')
      order by id for update`);
  }
  const current = await tx
    .select()
    .from(children)
    .where(and(eq(children.familyId, familyId), isNull(children.removedAt)))
    .orderBy(asc(children.id))
    .for('update');
  const atPosition = new Map(current.map((child) => [child.position, child]));

  const removals: ChildRow[] = [];
  const renames: Array<{ child: ChildRow; name: string; weeklyLimit: number }> = [];
  const limitChanges: Array<{ child: ChildRow; weeklyLimit: number }> = [];
  const detailChanges: Array<{ child: ChildRow; details: Partial<Pick<ChildRow, (typeof CHILD_DETAIL_FIELDS)[number]>> }> = [];
  const additions: Array<Omit<typeof children.$inferInsert, 'familyId'>> = [];
  const finalNames: string[] = [];
  const changeAt = new Map(input.children.map((change) => [change.position, change]));

  for (let position = 1; position <= MAX_CHILDREN; position += 1) {
    const existing = atPosition.get(position);
    const change = changeAt.get(position);
    const name = change?.name === undefined ? undefined : (change.name ?? '').trim();
    // Issue 22: the details given for a child who stays (renamed or not) that differ from the record.
    if (existing && name !== '' && change) {
      const details: Record<string, unknown> = {};
      for (const field of CHILD_DETAIL_FIELDS) {
        if (change[field] !== undefined && change[field] !== existing[field]) details[field] = change[field];
      }
      if (Object.keys(details).length) detailChanges.push({ child: existing, details });
    }
    if (name === undefined) {
      if (existing && change?.weeklyLimit !== undefined && change.weeklyLimit !== existing.weeklyLimit) {
        limitChanges.push({ child: existing, weeklyLimit: change.weeklyLimit });
      }
      if (existing) finalNames.push(existing.name);
    } else if (name === '') {
      if (existing) removals.push(existing);
    } else {
      const weeklyLimit = change?.weeklyLimit ?? existing?.weeklyLimit ?? DEFAULT_WEEKLY_LIMIT;
      if (existing) {
        if (existing.name !== name || existing.weeklyLimit !== weeklyLimit) renames.push({ child: existing, name, weeklyLimit });
      } else {
        const details = Object.fromEntries(CHILD_DETAIL_FIELDS.map((field) => [field, change?.[field] ?? null]));
        additions.push({ position, name, weeklyLimit, ...details });
      }
      finalNames.push(name);
    }
  }

  // Issue 29: compared as the database compares them (children_user_name_unique on name_key), so a clash is a 400
  // naming both spellings, never the unique index's error.
  const clash = firstRepeatedChildName(finalNames);
  if (clash) throw new HttpError(400, childNamesClashMessage(clash));

  if (removals.length) {
    const upcoming = await tx
      .select({ childId: bookingChildren.childId })
      .from(bookingChildren)
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .where(
        and(
          inArray(
            bookingChildren.childId,
            removals.map((child) => child.id),
          ),
          eq(bookings.status, 'CONFIRMED'),
          isNull(bookingChildren.cancelledAt),
          gt(sessions.startsAt, now),
        ),
      );
    for (const child of removals) {
      const count = upcoming.filter((row) => row.childId === child.id).length;
      if (count) {
        throw new HttpError(
          409,
          `${child.name} has ${plural(count, 'upcoming booking')}; cancel ${count === 1 ? 'it' : 'them'} before removing this child`,
        );
      }
    }
    await tx
      .update(children)
      .set({ removedAt: now })
      .where(
        inArray(
          children.id,
          removals.map((child) => child.id),
        ),
      );
    // A removed child no longer waits for any session (src/server/db/functions/portal_unwait_removed_children.sql).
    const removedIds = `{${removals.map((child) => child.id).join(',')}}`;
    await tx.execute(sql`select portal_unwait_removed_children(${familyId}::uuid, ${removedIds}::uuid[], ${now.toISOString()}::timestamptz)`);
  }

  for (const { child, weeklyLimit } of limitChanges) {
    await tx.update(children).set({ weeklyLimit }).where(eq(children.id, child.id));
  }
  for (const { child, details } of detailChanges) {
    await tx.update(children).set(details).where(eq(children.id, child.id));
  }
  // Two children can swap names in one change: park the renamed rows on names no child can have first,
  // so the unique (user, name_key) index never sees a duplicate in between.
  if (renames.length > 1) {
    for (const { child } of renames) await tx.update(children).set({ name: `(renaming ${child.id})` }).where(eq(children.id, child.id));
  }
  for (const { child, name, weeklyLimit } of renames) {
    await tx.update(children).set({ name, weeklyLimit }).where(eq(children.id, child.id));
  }
  if (additions.length) {
    await tx.insert(children).values(additions.map((child) => ({ familyId, ...child, createdAt: now })));
  }
}
