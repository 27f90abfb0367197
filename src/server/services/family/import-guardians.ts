import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { SECOND_GUARDIAN_IS_FIRST, SECOND_GUARDIAN_NEEDS_EMAIL, type GuardianImport } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { assertEmailFree } from '../users/user-rules';
import { addGuardian } from './add-guardian';

export interface ImportGuardiansInput {
  familyId: string;
  /** The account the row or delivery is about (the family's guardian whose phone `phone` is). */
  accountId: string;
  fields: GuardianImport;
  /** Who imports: the administrator (CSV), or the CRM (id null, the configuration's name). */
  actor: { id: string | null; name: string };
  email: EmailContext;
  now: Date;
}

/**
 * Applies a CSV row's or CRM delivery's guardian fields to a family (issue 31), in the caller's transaction, and says
 * what changed ('phone', 'guardian2Email', …). `phone` is the account's own. The second guardian is the family's
 * second live guardian by the order they were added: updated when there is one (its e-mail kept free among live
 * accounts, 409 EMAIL_TAKEN otherwise), added with a set-password link otherwise (then Guardian 2 Email is needed, and
 * first and last names default to the e-mail's local part and the account's last name when not given).
 */
export async function importGuardians(tx: Tx, input: ImportGuardiansInput): Promise<string[]> {
  const { fields, now } = input;
  const changed: string[] = [];
  const [account] = await tx.select().from(users).where(eq(users.id, input.accountId));
  if (fields.phone !== undefined && fields.phone !== account?.phone) {
    await tx.update(users).set({ phone: fields.phone, updatedAt: now }).where(eq(users.id, input.accountId));
    changed.push('phone');
  }
  const second = {
    firstName: fields.guardian2FirstName,
    lastName: fields.guardian2LastName,
    email: fields.guardian2Email,
    phone: fields.guardian2Phone,
  };
  if (Object.values(second).every((value) => value === undefined)) return changed;
  if (second.email !== undefined && second.email === account?.email.toLowerCase()) throw new HttpError(409, SECOND_GUARDIAN_IS_FIRST);

  const [existing] = await tx
    .select()
    .from(users)
    .where(and(eq(users.familyId, input.familyId), isNull(users.deletedAt), ne(users.id, input.accountId)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1)
    .for('no key update');
  if (!existing) {
    if (second.email === undefined) throw new HttpError(400, SECOND_GUARDIAN_NEEDS_EMAIL);
    await addGuardian(tx, {
      familyId: input.familyId,
      form: {
        firstName: second.firstName ?? second.email.split('@')[0]!,
        lastName: second.lastName ?? account?.lastName ?? '',
        email: second.email,
        phone: second.phone ?? null,
      },
      actor: input.actor,
      email: input.email,
      now,
    });
    return [...changed, 'guardian2Email', ...(['guardian2FirstName', 'guardian2LastName', 'guardian2Phone'] as const).filter((f) => fields[f] !== undefined)];
  }
  const set: Partial<typeof users.$inferInsert> = {};
  if (second.firstName !== undefined && second.firstName !== existing.firstName) {
    set.firstName = second.firstName;
    changed.push('guardian2FirstName');
  }
  if (second.lastName !== undefined && second.lastName !== existing.lastName) {
    set.lastName = second.lastName;
    changed.push('guardian2LastName');
  }
  if (second.phone !== undefined && second.phone !== existing.phone) {
    set.phone = second.phone;
    changed.push('guardian2Phone');
  }
  if (second.email !== undefined && second.email !== existing.email.toLowerCase()) {
    await assertEmailFree(tx, second.email, existing.id);
    set.email = second.email;
    changed.push('guardian2Email');
  }
  if (Object.keys(set).length) await tx.update(users).set({ ...set, updatedAt: now }).where(eq(users.id, existing.id));
  return changed;
}
