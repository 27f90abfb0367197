import { randomUUID } from 'node:crypto';
import type { PlanTier, Role } from '../../../shared/schemas/users';
import type { families, users } from '../../db/schema';

export interface NewUserRow {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The family's plan (left out: the column's default, plan ONE, one session a week). */
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
 * columns keep their defaults (active, copies on). With `familyId` the account is a guardian of that family.
 * Writes nothing.
 */
export function userRowValues(input: Omit<NewUserRow, 'planTier' | 'weeklyLimit'> & { id?: string; familyId?: string | null; phone?: string | null }): typeof users.$inferInsert {
  return {
    ...(input.id && { id: input.id }),
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    familyId: input.familyId ?? null,
    phone: input.phone ?? null,
    passwordHash: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * A new family's account: the family's row and its first guardian's, the family's id being the guardian's
 * (decision 027: a family's id is its first guardian's), the family inserted first (the account refers to it).
 */
export function familyAccountRows(input: NewUserRow): { family: typeof families.$inferInsert; user: typeof users.$inferInsert } {
  const id = randomUUID();
  return {
    family: { id, planTier: input.planTier, weeklyLimit: input.weeklyLimit, createdAt: input.now, updatedAt: input.now },
    user: userRowValues({ ...input, id, familyId: id }),
  };
}
