import { eq } from 'drizzle-orm';
import type { UpdateUserBody } from '../../../shared/schemas/admin-users';
import { apiRole } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertEmailFree, lockUser, SUPER_ADMIN_ONLY, type UserRow } from './user-rules';
import { childSlotChanges, writeChildren } from './write-children';

export interface UpdateUserInput {
  userId: string;
  /** The parsed edit form (updateUserBody): only the fields present change. */
  changes: UpdateUserBody;
  /** Who makes the change (the role rules depend on it); the CSV import passes the importing administrator. */
  actor: { id: string; role: string };
  now: Date;
}

/**
 * Edits an account inside the caller's transaction, under the user's row lock (404 for an unknown,
 * malformed or deleted id). Only a SUPER_ADMIN edits a SUPER_ADMIN; a SUPER_ADMIN's role never changes
 * through the API (the edit form shows them as ADMIN, so ADMIN is read as "unchanged"); nobody changes
 * their own role. The e-mail stays unique among live accounts (409). Children change by slot, see
 * writeChildren: a name renames or adds, blank or null removes (refused while the child has upcoming
 * bookings), a limit alone changes the limit.
 */
export async function updateUser(tx: Tx, input: UpdateUserInput): Promise<UserRow> {
  const { changes, actor, now } = input;
  const target = await lockUser(tx, input.userId);
  if (target.role === 'SUPER_ADMIN' && actor.role !== 'SUPER_ADMIN') throw new HttpError(403, SUPER_ADMIN_ONLY);

  let role: string | undefined;
  // The edit form shows a SUPER_ADMIN as ADMIN, so ADMIN sent back for one changes nothing.
  const shownRole = target.role === 'SUPER_ADMIN' ? 'ADMIN' : apiRole(target.role);
  if (changes.role !== undefined && changes.role !== shownRole) {
    if (target.role === 'SUPER_ADMIN') throw new HttpError(403, "A super administrator's role cannot be changed");
    if (target.id === actor.id) throw new HttpError(403, 'You cannot change your own role');
    role = changes.role;
  }
  if (changes.email !== undefined && changes.email !== target.email.toLowerCase()) {
    await assertEmailFree(tx, changes.email, target.id);
  }

  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (changes.firstName !== undefined) set.firstName = changes.firstName;
  if (changes.lastName !== undefined) set.lastName = changes.lastName;
  if (changes.email !== undefined) set.email = changes.email;
  if (role !== undefined) set.role = role;
  if (changes.planTier !== undefined) set.planTier = changes.planTier;
  if (changes.weeklyLimit !== undefined) set.weeklyLimit = changes.weeklyLimit;
  const [updated] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();

  await writeChildren(tx, { userId: target.id, slots: childSlotChanges(changes), now });
  return updated!;
}
