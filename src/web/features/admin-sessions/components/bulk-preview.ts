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
  if (!TIME.test(form.startTime) || !TIME.test(form.endTime)) {
    return { kind: 'incomplete', reason: 'Choose a start time and an end time.' };
  }
  if (form.endTime <= form.startTime) return { kind: 'incomplete', reason: 'The end time must be after the start time.' };
  if (form.pattern === 'weekly' && (form.daysOfWeek ?? []).length === 0) {
    return { kind: 'incomplete', reason: 'Choose at least one day of the week.' };
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
