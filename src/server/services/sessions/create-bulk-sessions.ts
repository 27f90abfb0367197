import { bulkSessionStarts, bulkWallClockRefusal, countBulkSessions } from '../../../shared/rules/bulk-schedule';
import { MAX_BULK_SESSIONS, type BulkSessionBody, type BulkSessionResponse } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { torontoDateKey } from '../../../shared/rules/week';
import { assertClassTypeExists } from './session-rules';
import { closureHolding, closuresBetween, dayClosedError, lockClosuresShared } from '../closures/closed-days';

export interface CreateBulkSessionsInput {
  form: BulkSessionBody;
  now: Date;
}

/**
 * Spec 5, bulk create: every occurrence of the pattern (see shared/rules/bulk-schedule) as one multi-row
 * insert in one transaction. The whole request is refused, creating nothing, when it would make more than
 * MAX_BULK_SESSIONS sessions, none at all, or any in the past. Occurrences on a closed Toronto day (issue 32) are
 * skipped and counted (`skippedClosedDays`); when every one is, the request is refused (409 DAY_CLOSED). A capacity
 * or location left out is the class type's default (issue 33). Answers the new sessions' ids in start order.
 */
export async function createBulkSessions(tx: Tx, input: CreateBulkSessionsInput): Promise<BulkSessionResponse> {
  const { form, now } = input;
  const count = countBulkSessions(form);
  if (count > MAX_BULK_SESSIONS) {
    throw new HttpError(400, `This would create ${count} sessions; at most ${MAX_BULK_SESSIONS} can be created at once`);
  }
  if (count === 0) throw new HttpError(400, 'The pattern creates no sessions between those dates');
  const occurrences = bulkSessionStarts(form, { max: MAX_BULK_SESSIONS });
  if (occurrences.some((o) => o.startsAt.getTime() < now.getTime())) {
    throw new HttpError(400, 'The series includes sessions in the past; choose a start date from today on');
  }
  // On the spring-forward Sunday 02:00-02:59 does not exist on a Toronto clock, and on the fall-back Sunday
  // 01:00-01:59 happens twice: a series touching either is refused, naming the time (as a single session is).
  const wallClockRefusal = bulkWallClockRefusal(form, { max: MAX_BULK_SESSIONS });
  if (wallClockRefusal) throw new HttpError(400, wallClockRefusal);
  const classType = await assertClassTypeExists(tx, form.classTypeId);
  await lockClosuresShared(tx);
  const days = occurrences.map((o) => torontoDateKey(o.startsAt));
  const closed = days.length ? await closuresBetween(tx, days.reduce((a, b) => (a < b ? a : b)), days.reduce((a, b) => (a > b ? a : b))) : [];
  const open = occurrences.filter((_, i) => !closureHolding(closed, days[i]!));
  const skippedClosedDays = occurrences.length - open.length;
  if (!open.length) throw dayClosedError(occurrences[0]!.startsAt, closureHolding(closed, days[0]!)!);
  const created = await tx
    .insert(sessions)
    .values(
      open.map((o) => ({
        classTypeId: classType.id,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        capacity: form.capacity ?? classType.defaultCapacity,
        location: form.location ?? classType.defaultLocation,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: sessions.id });
  return {
    count: created.length,
    skippedClosedDays,
    // Rows come back in the order they were given: the series' order.
    sessionIds: created.map((row) => row.id),
    firstStartsAt: open[0]!.startsAt.toISOString(),
    lastStartsAt: open.at(-1)!.startsAt.toISOString(),
  };
}
