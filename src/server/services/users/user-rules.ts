import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, sessions, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';

/** Rules shared by the office's user operations (create, update, delete, passwords, import). */

export type UserRow = typeof users.$inferSelect;

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'A user with this email already exists';
export const SUPER_ADMIN_ONLY = 'Only a super administrator can change this account';
export const ADMIN_ROLE_SUPER_ADMIN_ONLY = "Only a super administrator can change an administrator's role";
export const ADMIN_DEACTIVATE_SUPER_ADMIN_ONLY = 'Only a super administrator can deactivate an administrator';
export const ADMIN_DELETE_SUPER_ADMIN_ONLY = 'Only a super administrator can delete an administrator';
export const ADMIN_EMAIL_SUPER_ADMIN_ONLY = "Only a super administrator can change an administrator's email address";
export const ADMIN_NAME_SUPER_ADMIN_ONLY = "Only a super administrator can change an administrator's name";
export const PARENT_PASSWORDS_ONLY = 'Passwords can be changed here for parent accounts only';
export const RECENT_ADMIN_PASSWORD = 'This account was an administrator in the last 30 days; its password cannot be set here';
export const ADMIN_LINK_SUPER_ADMIN_ONLY =
  'Only a super administrator can send a set-password link to an administrator (or an account that was one in the last 30 days)';

/** For this long after an account stops being an administrator, the office cannot set its password. */
export const ADMIN_ROLE_COOLDOWN_DAYS = 30;

/** True when the account stopped being an administrator less than ADMIN_ROLE_COOLDOWN_DAYS before `now`. */
export function wasAdministratorRecently(user: Pick<UserRow, 'adminRoleEndedAt'>, now: Date): boolean {
  const ended = user.adminRoleEndedAt;
  return ended !== null && now.getTime() - ended.getTime() < ADMIN_ROLE_COOLDOWN_DAYS * 86_400_000;
}

/**
 * The live (not deleted) user, locked for the rest of the transaction; 404 when there is none (or the id is malformed).
 * FOR NO KEY UPDATE, never FOR UPDATE (docs/decisions/022-lock-order-and-retries.md): it keeps two office changes of
 * one account apart, but not the family's own bookings, which take FOR KEY SHARE on the account through their
 * foreign keys after their sessions and children (a FOR UPDATE here, then the children, waited on them in a circle).
 */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const id = idOr404(userId, USER_NOT_FOUND);
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  if (!user) throw new HttpError(404, USER_NOT_FOUND);
  return user;
}

/**
 * Refuses (409) an e-mail that a live account other than `exceptUserId` already uses, compared without case.
 * A transaction-scoped advisory lock on the address makes two simultaneous creates (or a create and an
 * update) of one address run one after the other, so the second sees the first and gets the 409 rather
 * than a unique-index error. Deleted accounts do not hold their address.
 */
export async function assertEmailFree(tx: Tx, email: string, exceptUserId?: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user-email:${address}`}, 0))`);
  const conditions = [eq(sql`lower(${users.email})`, address), isNull(users.deletedAt)];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new HttpError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
}

/** The CONFIRMED bookings of a family whose session starts after `now`, in session order. */
export async function upcomingBookingsOf(tx: Tx, familyId: string, now: Date): Promise<Array<{ id: string }>> {
  return tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(and(eq(bookings.familyId, familyId), eq(bookings.status, 'CONFIRMED'), gt(sessions.startsAt, now)))
    .orderBy(asc(sessions.startsAt));
}

export { plural } from '../../../shared/rules/format';
