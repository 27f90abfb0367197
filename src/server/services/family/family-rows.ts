import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { HttpError } from '../../http-error';

/**
 * Families (issue 31, docs/decisions/027-families-and-guardians.md): what the guardians of one family share. A guardian
 * is an account with `family_id`; the family's children, bookings, waiting entries, contacts, plan and calendar feed
 * hang off the family. Every route of a parent asks one question, familyOf(user), and touches only that family's rows.
 */
export type FamilyRow = typeof families.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The family a signed-in guardian acts for; null for an account without one (staff without children). */
export function familyOf(user: Pick<UserRow, 'familyId'>): string | null {
  return user.familyId;
}

/** The family rows of these accounts (by family id), read in batches. */
export async function familiesOf(db: DbOrTx, familyIds: ReadonlyArray<string | null>): Promise<Map<string, FamilyRow>> {
  const ids = [...new Set(familyIds.filter((id): id is string => id !== null))];
  const byId = new Map<string, FamilyRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.select().from(families).where(inArray(families.id, ids.slice(i, i + 1000)));
    for (const row of rows) byId.set(row.id, row);
  }
  return byId;
}

/** One family's row (null when the account has none). */
export async function familyRowOf(db: DbOrTx, familyId: string | null): Promise<FamilyRow | null> {
  if (!familyId) return null;
  const [row] = await db.select().from(families).where(eq(families.id, familyId));
  return row ?? null;
}

/**
 * The family of an account the office acts on, creating it when the account has none yet (an administrator given
 * children): its id is the account's, as for every family made from an account (decision 027).
 */
export async function ensureFamily(tx: Tx, user: Pick<UserRow, 'id' | 'familyId'>, now: Date): Promise<string> {
  if (user.familyId) return user.familyId;
  await tx.insert(families).values({ id: user.id, createdAt: now, updatedAt: now }).onConflictDoNothing();
  await tx.update(users).set({ familyId: user.id }).where(eq(users.id, user.id));
  return user.id;
}

/** The family's live guardians (not deleted), first added first. */
export async function guardiansOf(db: DbOrTx, familyId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.familyId, familyId), isNull(users.deletedAt)))
    .orderBy(users.createdAt, users.id);
}

export const FAMILY_NOT_FOUND = 'Family not found';

/** 404 unless the account has a family. */
export function requireFamily(user: Pick<UserRow, 'familyId'>): string {
  if (!user.familyId) throw new HttpError(404, FAMILY_NOT_FOUND);
  return user.familyId;
}

/**
 * Keeps the family's deactivated_at in step with its guardians (the retention job erases a family RETENTION_MONTHS
 * after it was deactivated, docs/privacy.md): set when no live guardian is active any more, cleared when one is.
 */
export async function settleFamilyActivity(tx: Tx, familyId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update ${families} f set deactivated_at = case
        when exists (select 1 from ${users} u where u.family_id = f.id and u.is_active and u.deleted_at is null) then null
        else coalesce(f.deactivated_at, ${now.toISOString()}::timestamptz) end
    where f.id = ${familyId}`);
}
