import { bulkSessionStarts, bulkWallClockRefusal, countBulkSessions, type BulkScheduleForm } from '../../../../shared/rules/bulk-schedule';
import { closureOn } from '../../../../shared/rules/closures';
import { torontoDateKey } from '../../../../shared/rules/week';
import { MAX_BULK_SESSIONS } from '../../../../shared/schemas/sessions';

/** What the bulk form would do, recomputed as the admin types (the server applies the same rule). */
export type BulkPreview =
  | { kind: 'incomplete'; reason: string }
  | { kind: 'none' }
  | { kind: 'too-many'; count: number }
  | { kind: 'past'; count: number; first: Date }
  /** A start or end time the clocks skip or repeat on one of the dates (the server's words). */
  | { kind: 'clock-change'; message: string }
  /** Issue 32: every session would fall on a closed day (the server refuses it: DAY_CLOSED). */
  | { kind: 'all-closed'; count: number }
  /** `skipped`: of the `count`, how many fall on closed days (the server skips them). */
  | { kind: 'ok'; count: number; first: Date; last: Date; skipped: number };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Spec 5 bulk form: the number of sessions, or why there are none or too many. Only 'ok' may be submitted. */
export function bulkPreview(form: BulkScheduleForm, now: Date, closures: ReadonlyArray<{ startDate: string; endDate: string }> = []): BulkPreview {
  if (!DATE.test(form.startDate) || !DATE.test(form.endDate)) {
    return { kind: 'incomplete', reason: 'Choose a start date and an end date to see how many sessions will be created.' };
  }
  if (form.endDate < form.startDate) return { kind: 'incomplete', reason: 'The end date is before the start date.' };
  // Issue 33: a weekly series gives each day its own times (slots); the other patterns one start and end time.
  const times = form.pattern === 'weekly' && form.slots ? form.slots : [{ startTime: form.startTime ?? '', endTime: form.endTime ?? '' }];
  if (form.pattern === 'weekly' && (form.slots ?? form.daysOfWeek ?? []).length === 0) {
    return { kind: 'incomplete', reason: 'Choose at least one day of the week.' };
  }
  if (times.some((t) => !TIME.test(t.startTime) || !TIME.test(t.endTime))) {
    return { kind: 'incomplete', reason: times.length > 1 ? 'Choose a start time and an end time for every day.' : 'Choose a start time and an end time.' };
  }
  if (times.some((t) => t.endTime <= t.startTime)) {
    return { kind: 'incomplete', reason: times.length > 1 ? "Each day's end time must be after its start time." : 'The end time must be after the start time.' };
  }
  if (form.pattern === 'specific-days' && (form.specificDates ?? []).length === 0) {
    return { kind: 'incomplete', reason: 'Add at least one date.' };
  }

  const count = countBulkSessions(form);
  if (count === 0) return { kind: 'none' };
  if (count > MAX_BULK_SESSIONS) return { kind: 'too-many', count };
  const occurrences = bulkSessionStarts(form, { max: MAX_BULK_SESSIONS });
  const first = occurrences[0]!.startsAt;
  if (first.getTime() <= now.getTime()) return { kind: 'past', count, first };
  const clockChange = bulkWallClockRefusal(form, { max: MAX_BULK_SESSIONS });
  if (clockChange) return { kind: 'clock-change', message: clockChange };
  const skipped = closures.length ? occurrences.filter((o) => closureOn(closures, torontoDateKey(o.startsAt))).length : 0;
  if (skipped === count) return { kind: 'all-closed', count };
  return { kind: 'ok', count, first, last: occurrences[occurrences.length - 1]!.startsAt, skipped };
}
