import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashPassword } from '../auth/password';
import { assertPasswordNotCommon } from '../auth/password-policy';

export interface CreateAdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'SUPER_ADMIN';
}

/**
 * Creates an administrator account (the first one on a fresh PostgreSQL database). A common password, or the
 * e-mail or name, is refused (400, services/auth/password-policy.ts).
 */
export async function createAdmin(db: Database, input: CreateAdminInput) {
  const email = input.email.trim().toLowerCase();
  assertPasswordNotCommon(input.password, { ...input, email }, 'password');
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (taken) throw new HttpError(409, `A user with the email ${email} already exists`);
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id, email: users.email, role: users.role });
  return user!;
}
