import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fullName } from '../../../shared/rules/format';
import { MAX_GUARDIANS, TOO_MANY_GUARDIANS, type addGuardianBody, type Guardian } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { officeActions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { queueWelcomeEmail } from '../users/create-user';
import { userRowValues } from '../users/user-row';
import { assertEmailFree } from '../users/user-rules';
import { toGuardianDto } from './family-dto';
import { lockFamily } from './lock-family';

export interface AddGuardianInput {
  familyId: string;
  form: z.output<typeof addGuardianBody>;
  actor: { id: string | null; name: string };
  email: EmailContext;
  now: Date;
}

/**
 * The office adds a guardian to a family (issue 31): a new account (role PARENT) of the family, without a password,
 * e-mailed the welcome with a set-password link as a new family is. At most MAX_GUARDIANS live guardians (409
 * TOO_MANY_GUARDIANS; the family row is locked, so two adds cannot both take the fourth place); the e-mail must be
 * free among live accounts (409 EMAIL_TAKEN). The office's action is recorded for the family page.
 */
export async function addGuardian(tx: Tx, input: AddGuardianInput): Promise<Guardian> {
  const { familyId, form, now } = input;
  await lockFamily(tx, familyId);
  const [live] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.familyId, familyId), isNull(users.deletedAt)));
  if ((live?.n ?? 0) >= MAX_GUARDIANS) throw new HttpError(409, TOO_MANY_GUARDIANS, { code: 'TOO_MANY_GUARDIANS' });
  await assertEmailFree(tx, form.email);
  const [guardian] = await tx
    .insert(users)
    .values(userRowValues({ ...form, phone: form.phone ?? null, role: 'PARENT', familyId, passwordHash: null, now }))
    .returning();
  await queueWelcomeEmail(tx, { user: guardian!, email: input.email, now });
  await tx.insert(officeActions).values({
    familyId,
    adminId: input.actor.id,
    adminName: input.actor.name,
    action: 'ADD_GUARDIAN',
    details: { guardianName: fullName(guardian!) },
  });
  return toGuardianDto(guardian!, null);
}
