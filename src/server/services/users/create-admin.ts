import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashPassword } from '../auth/password';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { userRowValues } from './user-row';
import { assertEmailFree } from './user-rules';

export interface CreateAdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'SUPER_ADMIN';
  /** Default: the current time. */
  now?: Date;
}

/**
 * Creates an administrator account (the first one on a fresh PostgreSQL database) in the caller's
 * transaction (cli/create-admin.ts runs it in a unit of work of its own). A common password, or the e-mail or
 * name, is refused (400, services/auth/password-policy.ts); an e-mail a live account uses, without case, is
 * 409 naming the address.
 */
export async function createAdmin(tx: Tx, input: CreateAdminInput) {
  const email = input.email.trim().toLowerCase();
  assertPasswordNotCommon(input.password, { ...input, email }, 'password');
  try {
    await assertEmailFree(tx, email);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, `A user with the email ${email} already exists`);
    throw error;
  }
  const passwordHash = await hashPassword(input.password);
  const [user] = await tx
    .insert(users)
    .values(userRowValues({ ...input, email, passwordHash, now: input.now ?? new Date() }))
    .returning({ id: users.id, email: users.email, role: users.role });
  return user!;
}
