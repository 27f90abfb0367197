import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { childNamesClashMessage, firstRepeatedChildName } from '../../../shared/rules/child-name';
import { childBirthDateField, childLimitField, childNameField, childSexField, type ChildSlot } from '../../../shared/schemas/admin-users';
import { CHILD_SLOTS, DEFAULT_WEEKLY_LIMIT, type ChildSex } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { bookingChildren, bookings, children, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { plural } from './user-rules';

/**
 * What to do with one child slot (first…fourth = position 1–4):
 * - `name` a text: renames the child in the slot (same row, so their bookings and weekly count stay with
 *   them) or adds a child there;
 * - `name` null or blank: removes the child in the slot (refused while they have upcoming bookings);
 * - `name` absent: the child stays; `weeklyLimit` alone changes their limit.
 * - `birthDate` and `sex` (issue 22): absent keeps what is recorded (a rename keeps it too: the same child), null
 *   clears it, a value sets it; a new child without them has none recorded.
 * A slot left out of the changes is not touched.
 */
export interface ChildSlotChange {
  name?: string | null | undefined;
  weeklyLimit?: number | undefined;
  birthDate?: string | null | undefined;
  sex?: ChildSex | null | undefined;
}
export type ChildSlotChanges = Partial<Record<ChildSlot, ChildSlotChange>>;

/**
 * Reads the flat slot fields of a user form (firstChildName, firstChildWeeklyLimit, …; createUserBody,
 * updateUserBody or a CSV row). A field missing from the form (undefined) is left out of the change.
 */
export function childSlotChanges(form: Partial<Record<string, unknown>>): ChildSlotChanges {
  const changes: ChildSlotChanges = {};
  for (const slot of CHILD_SLOTS) {
    const name = form[childNameField(slot)];
    const limit = form[childLimitField(slot)];
    const birthDate = form[childBirthDateField(slot)];
    const sex = form[childSexField(slot)];
    const change: ChildSlotChange = {};
    if (name !== undefined) change.name = typeof name === 'string' ? name : null;
    if (typeof limit === 'number') change.weeklyLimit = limit;
    if (birthDate !== undefined) change.birthDate = typeof birthDate === 'string' && birthDate ? birthDate : null;
    if (sex !== undefined) change.sex = sex === 'F' || sex === 'M' ? sex : null;
    if (Object.keys(change).length) changes[slot] = change;
  }
  return changes;
}

export interface WriteChildrenInput {
  userId: string;
  slots: ChildSlotChanges;
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
  const { userId, now } = input;
  // A child removed leaves the family's waiting entries (below), under their sessions' locks: the sessions come
  // before the children in the lock order (docs/decisions/022-lock-order-and-retries.md), so they are taken first.
  const removing = Object.values(input.slots).some((change) => change?.name !== undefined && !(change.name ?? '').trim());
  if (removing) {
    await tx.execute(sql`
      select 1 from sessions where id in (select w.session_id from waitlist_entries w where w.user_id = ${userId} and w.status = 'WAITING')
      order by id for update`);
  }
  const current = await tx
    .select()
    .from(children)
    .where(and(eq(children.userId, userId), isNull(children.removedAt)))
    .orderBy(asc(children.id))
    .for('update');
  const atPosition = new Map(current.map((child) => [child.position, child]));

  const removals: ChildRow[] = [];
  const renames: Array<{ child: ChildRow; name: string; weeklyLimit: number }> = [];
  const limitChanges: Array<{ child: ChildRow; weeklyLimit: number }> = [];
  const detailChanges: Array<{ child: ChildRow; details: Pick<ChildSlotChange, 'birthDate' | 'sex'> }> = [];
  const additions: Array<{ position: number; name: string; weeklyLimit: number; birthDate: string | null; sex: ChildSex | null }> = [];
  const finalNames: string[] = [];

  CHILD_SLOTS.forEach((slot, index) => {
    const position = index + 1;
    const existing = atPosition.get(position);
    const change = input.slots[slot];
    const name = change?.name === undefined ? undefined : (change.name ?? '').trim();
    // Issue 22: the date of birth and sex given for a child who stays (renamed or not) that differ from the record.
    if (existing && name !== '' && change) {
      const details: Pick<ChildSlotChange, 'birthDate' | 'sex'> = {};
      if (change.birthDate !== undefined && change.birthDate !== existing.birthDate) details.birthDate = change.birthDate;
      if (change.sex !== undefined && change.sex !== existing.sex) details.sex = change.sex;
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
        additions.push({ position, name, weeklyLimit, birthDate: change?.birthDate ?? null, sex: change?.sex ?? null });
      }
      finalNames.push(name);
    }
  });

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
    await tx.execute(sql`select portal_unwait_removed_children(${userId}::uuid, ${removedIds}::uuid[], ${now.toISOString()}::timestamptz)`);
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
    await tx.insert(children).values(additions.map((child) => ({ userId, ...child, createdAt: now })));
  }
}
