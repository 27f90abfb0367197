import type { PlanTier, Role } from '../../../shared/schemas/users';
import type { users } from '../../db/schema';

export interface NewUserRow {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Left out: the column's default (plan ONE, one session a week). */
  planTier?: PlanTier | undefined;
  weeklyLimit?: number | undefined;
  /** argon2id only; null while the account has no usable password (a set-password link is sent). */
  passwordHash: string | null;
  now: Date;
}

/**
 * The one way a new account's row is built, whoever creates it: the office's form and a CRM delivery
 * (create-user.ts), a CSV file (user-import/create-imported-users.ts) and `npm run create-admin`
 * (create-admin.ts). The e-mail is stored lower-cased (live e-mails are unique without case); the other
 * columns keep their defaults (active, no CRM link, no notes). Writes nothing.
 */
export function userRowValues(input: NewUserRow): typeof users.$inferInsert {
  return {
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    planTier: input.planTier,
    weeklyLimit: input.weeklyLimit,
    passwordHash: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  };
}
