import { eq } from 'drizzle-orm';
import type { UpdateUserBody } from '../../../shared/schemas/admin-users';
import { apiRole } from '../../../shared/schemas/users';
import type { ChildChange, ChildSlotField } from '../../../shared/schemas/children';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { namedChildren } from '../../../shared/schemas/children';
import { ensureFamily, settleFamilyActivity } from '../family/family-rows';
import { isAdminRole } from '../../../shared/rules/roles';
import { HttpError } from '../../http-error';
import { endAccountAccess } from './end-account-access';
import {
  ADMIN_DEACTIVATE_SUPER_ADMIN_ONLY,
  ADMIN_EMAIL_SUPER_ADMIN_ONLY,
  ADMIN_NAME_SUPER_ADMIN_ONLY,
  ADMIN_ROLE_SUPER_ADMIN_ONLY,
  assertEmailFree,
  lockUser,
  SUPER_ADMIN_ONLY,
  type UserRow,
} from './user-rules';
import { writeChildren } from './write-children';

export interface UpdateUserInput {
  userId: string;
  /** The parsed edit form (updateUserBody): only the fields present change. */
  changes: Omit<UpdateUserBody, ChildSlotField>;
  /** The children's changes by position (slotsToChildren of the edit form's slots, at the edge): see writeChildren. */
  children: readonly ChildChange[];
  /** Who makes the change (the role rules depend on it); the CSV import passes the importing administrator. */
  actor: { id: string; role: string };
  now: Date;
}

/**
 * Edits an account inside the caller's transaction, under the user's row lock (404 for an unknown,
 * malformed or deleted id). Only a SUPER_ADMIN edits a SUPER_ADMIN; a SUPER_ADMIN's role never changes
 * through the API (the edit form shows them as ADMIN, so ADMIN is read as "unchanged"); nobody changes
 * their own role; only a SUPER_ADMIN changes an administrator's role (so an ADMIN cannot demote another
 * ADMIN, set the password of the parent account that makes, and promote it back). An account that stops
 * being an administrator gets admin_role_ended_at = now (for 30 days the office cannot set its password).
 * isActive: nobody switches their own account, a SUPER_ADMIN is never switched off, and only a SUPER_ADMIN
 * switches an administrator; switching it (off, and on again) deletes every sign-in session of the account
 * and its calendar feed link in the same transaction. Only a SUPER_ADMIN changes another administrator's
 * e-mail or name (an ADMIN could otherwise point its set-password links at itself). The e-mail stays unique
 * among live accounts (409). Children change by slot, see writeChildren: a name renames or adds, blank or
 * null removes (refused while the child has upcoming bookings), a limit alone changes the limit.
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
    if (isAdminRole(target.role) && actor.role !== 'SUPER_ADMIN') throw new HttpError(403, ADMIN_ROLE_SUPER_ADMIN_ONLY);
    role = changes.role;
  }
  const isActive = changes.isActive !== undefined && changes.isActive !== target.isActive ? changes.isActive : undefined;
  if (isActive !== undefined) {
    if (target.id === actor.id) throw new HttpError(403, 'You cannot deactivate your own account');
    if (target.role === 'SUPER_ADMIN') throw new HttpError(403, 'A super administrator account cannot be deactivated');
    if (isAdminRole(target.role) && actor.role !== 'SUPER_ADMIN') throw new HttpError(403, ADMIN_DEACTIVATE_SUPER_ADMIN_ONLY);
  }
  const emailChanges = changes.email !== undefined && changes.email !== target.email.toLowerCase();
  // Issue 29: another administrator's e-mail (where its set-password links go) and name are a SUPER_ADMIN's to
  // change; the same values sent back (the edit form may) are no change.
  if (isAdminRole(target.role) && target.id !== actor.id && actor.role !== 'SUPER_ADMIN') {
    if (emailChanges) throw new HttpError(403, ADMIN_EMAIL_SUPER_ADMIN_ONLY);
    const nameChanges =
      (changes.firstName !== undefined && changes.firstName !== target.firstName) ||
      (changes.lastName !== undefined && changes.lastName !== target.lastName);
    if (nameChanges) throw new HttpError(403, ADMIN_NAME_SUPER_ADMIN_ONLY);
  }
  if (emailChanges && changes.email !== undefined) await assertEmailFree(tx, changes.email, target.id);

  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (changes.firstName !== undefined) set.firstName = changes.firstName;
  if (changes.lastName !== undefined) set.lastName = changes.lastName;
  if (changes.email !== undefined) set.email = changes.email;
  if (role !== undefined) {
    set.role = role;
    if (isAdminRole(target.role) && !isAdminRole(role)) set.adminRoleEndedAt = now;
  }
  if (isActive !== undefined) set.isActive = isActive;
  const [updated] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
  // Off: every sign-in (and, with the family's last active guardian, its calendar feed link) ends. On: none can be
  // legitimate (an inactive account cannot sign in), but a sign-in that read the account just before it was switched
  // off may have written one since: it goes too.
  if (isActive !== undefined) await endAccountAccess(tx, { userId: target.id });

  // The plan and the children are the family's (decision 027); an account without one gets it with its first child.
  const familyId = target.familyId ?? (namedChildren(input.children).length ? await ensureFamily(tx, target, now) : null);
  if (familyId) {
    const family: Partial<typeof families.$inferInsert> = {};
    if (changes.planTier !== undefined) family.planTier = changes.planTier;
    if (changes.weeklyLimit !== undefined) family.weeklyLimit = changes.weeklyLimit;
    if (Object.keys(family).length) await tx.update(families).set({ ...family, updatedAt: now }).where(eq(families.id, familyId));
    if (isActive !== undefined) await settleFamilyActivity(tx, familyId, now);
    await writeChildren(tx, { familyId, children: input.children, now });
  }
  return { ...updated!, familyId };
}
