import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { families, users } from '../db/schema';

/**
 * Accounts as tests read them: the users row with its family's columns (plan, weekly limit, notes, CRM identity,
 * calendar feed: issue 31 moved them to families). The account's own columns win where both have one.
 */
export async function accountRows(db: Database, where: SQL) {
  const rows = await db.select({ user: users, family: families }).from(users).leftJoin(families, eq(families.id, users.familyId)).where(where);
  return rows.map(({ user, family }) => ({ ...(family ?? {}), ...user }));
}
