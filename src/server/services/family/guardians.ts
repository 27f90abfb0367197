import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authSessions, trustedDevices, users } from '../../db/schema';
import { retireSetPasswordTokens } from '../users/set-password-token';
import { settleFamilyActivity } from './family-rows';

type UserRow = typeof users.$inferSelect;

/** The family's live guardians other than `exceptUserId`, locked (FOR NO KEY UPDATE, as lockUser) in id order. */
export async function otherLiveGuardians(tx: Tx, familyId: string, exceptUserId: string): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(eq(users.familyId, familyId), isNull(users.deletedAt), ne(users.id, exceptUserId)))
    .orderBy(users.id)
    .for('no key update');
}

/**
 * Ends an account (a removed guardian, a deleted account), softly, in the caller's transaction: the row stays
 * (deleted_at, inactive) so what it did keeps its name, while it cannot sign in from this moment (every sign-in
 * session, trusted device and set-password link goes) and its e-mail is free for a new account.
 */
export async function endGuardian(tx: Tx, target: Pick<UserRow, 'id' | 'familyId'>, now: Date): Promise<void> {
  await tx.update(users).set({ deletedAt: now, isActive: false, updatedAt: now }).where(eq(users.id, target.id));
  await tx.delete(authSessions).where(eq(authSessions.userId, target.id));
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, target.id));
  await retireSetPasswordTokens(tx, { userId: target.id, now });
  if (target.familyId) await settleFamilyActivity(tx, target.familyId, now);
}
