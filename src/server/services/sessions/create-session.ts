import type { SessionDto, SessionFormBody } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toSessionDto } from './session-dto';
import { assertClassTypeExists } from './session-rules';

export interface CreateSessionInput {
  form: SessionFormBody;
  now: Date;
}

/** Spec 5: one new session of an existing class type, starting now or later. */
export async function createSession(tx: Tx, input: CreateSessionInput): Promise<SessionDto> {
  const { form, now } = input;
  const classType = await assertClassTypeExists(tx, form.classTypeId);
  if (form.startsAt.getTime() < now.getTime()) throw new HttpError(400, 'A new session cannot start in the past');
  const [row] = await tx
    .insert(sessions)
    .values({
      classTypeId: classType.id,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      capacity: form.capacity,
      location: form.location,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toSessionDto(row!, classType);
}
