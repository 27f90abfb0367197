import { and, eq, ne, sql } from 'drizzle-orm';
import { formatShortDate, formatTime } from '../../../shared/rules/format';
import type { SessionDto, SessionFormBody } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toSessionDto } from './session-dto';
import { assertClassTypeExists } from './session-rules';
import { assertDayOpen } from '../closures/closed-days';

export interface CreateSessionInput {
  form: SessionFormBody;
  /** The office confirmed it wants a second session identical to an existing one (same class, start and place). */
  confirmDuplicate?: boolean | undefined;
  now: Date;
}

/**
 * Spec 5: one new session of an existing class type, starting now or later. A session of the same class at the
 * same instant in the same location (without case) as one that is not cancelled is most likely a double click
 * or a copy of the timetable: it is refused (409, `duplicateOf` the existing session's id) unless the office
 * confirmed it. A closed Toronto day (issue 32) refuses it: 409 DAY_CLOSED.
 */
export async function createSession(tx: Tx, input: CreateSessionInput): Promise<SessionDto> {
  const { form, now } = input;
  const classType = await assertClassTypeExists(tx, form.classTypeId);
  if (form.startsAt.getTime() < now.getTime()) throw new HttpError(400, 'A new session cannot start in the past');
  // Issue 32: a closed day takes no new session (409 DAY_CLOSED) until the office reopens it.
  await assertDayOpen(tx, form.startsAt);
  if (!input.confirmDuplicate) {
    const [existing] = await tx
      .select({ id: sessions.id, location: sessions.location })
      .from(sessions)
      .where(
        and(
          eq(sessions.classTypeId, classType.id),
          eq(sessions.startsAt, form.startsAt),
          sql`lower(${sessions.location}) = lower(${form.location})`,
          ne(sessions.status, 'CANCELLED'),
        ),
      )
      .limit(1);
    if (existing) {
      throw new HttpError(
        409,
        `A session of ${classType.name} at ${formatTime(form.startsAt)} on ${formatShortDate(form.startsAt)} in ${existing.location} already exists`,
        { code: 'DUPLICATE_SESSION', details: { duplicateOf: existing.id } },
      );
    }
  }
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
