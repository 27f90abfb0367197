import type { CreateUserBody } from '../../../shared/schemas/admin-users';
import type { ChildChange, ChildSlotField } from '../../../shared/schemas/children';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { assertPasswordNotCommon } from '../auth/password-policy';
import type { EmailContext } from '../../mail/email-context';
import { queueSetPasswordEmail } from './set-password-email';
import { familyAccountRows } from './user-row';
import { assertEmailFree, type UserRow } from './user-rules';
import { writeChildren } from './write-children';

export interface CreateUserInput {
  /** The account's fields of the parsed create form (createUserBody): e-mail lower-cased, a blank password null. */
  form: Omit<CreateUserBody, ChildSlotField>;
  /** The children by position (slotsToChildren of the form's slots, at the edge): blank names are skipped. */
  children: readonly ChildChange[];
  email: EmailContext;
  now: Date;
  /** False for an account that starts inactive (a CRM delivery): its link could not be used yet. Default true. */
  sendWelcome?: boolean;
}

/** Makes a set-password link for a new account and queues the welcome e-mail carrying it, in the caller's transaction. */
export async function queueWelcomeEmail(tx: Tx, input: { user: UserRow; email: EmailContext; now: Date }): Promise<void> {
  await queueSetPasswordEmail(tx, { user: input.user, kind: 'welcome', context: input.email, now: input.now });
}

/**
 * Creates an account inside the caller's transaction (the office's form, or one CSV row). The e-mail must
 * be free among live accounts, without case (409). The children fill their slots (first…fourth = position
 * 1–4); blank names are skipped. A typed password is refused when common (or the e-mail or name: 400,
 * services/auth/password-policy.ts; this covers a CRM-created account's password too) and stored as argon2id
 * only. Without one the account has no usable password: a set-password link is made and the welcome e-mail
 * carrying it is queued in the same transaction (the unit of work wakes the e-mail worker after the commit).
 */
export async function createUser(tx: Tx, input: CreateUserInput): Promise<UserRow> {
  const { form, now } = input;
  if (form.password) assertPasswordNotCommon(form.password, form, 'password');
  await assertEmailFree(tx, form.email);
  const passwordHash = form.password ? await hashPassword(form.password) : null;
  // Every account the office's form, a CSV file or a CRM creates is a family's first guardian (decision 027): the form
  // gives any account a plan and children (spec 5). Only `npm run create-admin` makes staff without a family.
  const rows = familyAccountRows({ ...form, passwordHash, now });
  await tx.insert(families).values(rows.family);
  const [user] = await tx.insert(users).values(rows.user).returning();
  await writeChildren(tx, { familyId: user!.familyId!, children: input.children, now });
  if (!passwordHash && input.sendWelcome !== false) await queueWelcomeEmail(tx, { user: user!, email: input.email, now });
  return user!;
}
