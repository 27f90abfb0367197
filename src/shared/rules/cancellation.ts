/**
 * Issue 32 (docs/product-rules.md "Absences, make-ups and closures"): when a child's cancellation is late, and when a
 * make-up credit stops. The database holds the same rules (src/server/db/functions/portal_cancellation_kind.sql and
 * portal_credit_expiry.sql); src/server/db/policies-parity.test.ts compares them across DST changes.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import type { ChildCancellation } from '../schemas/bookings';
import { BUSINESS_TIME_ZONE } from '../product';

const HOUR = 3_600_000;

/** The cut-off: the session's start minus the policy's hours (an instant; a DST change in between does not move it). */
export const cancellationCutoff = (startsAt: Date | string, cutoffHours: number): Date => new Date(new Date(startsAt).getTime() - cutoffHours * HOUR);

/** A cancellation before the cut-off is EARLY (a make-up credit when credits are on); at or after it, LATE. */
export function cancellationKind(startsAt: Date | string, now: Date | number, cutoffHours: number): Extract<ChildCancellation, 'EARLY' | 'LATE'> {
  return new Date(now).getTime() < cancellationCutoff(startsAt, cutoffHours).getTime() ? 'EARLY' : 'LATE';
}

/** A credit given at `givenAt` lasts to the end of the Toronto day `days` days later (the next Toronto midnight). */
export function creditExpiry(givenAt: Date | number, days: number): Date {
  const day = startOfDay(new TZDate(new Date(givenAt).getTime(), BUSINESS_TIME_ZONE));
  return new Date(addDays(day, days + 1).getTime());
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * What the family's cancel dialog says before a cancellation at `now`: an early one gives each child cancelled a
 * make-up credit while credits are on ('Leo gets a make-up credit, usable for 30 days'), a late one gives none. Null
 * when there is nothing to say (early, credits off). `names` in words, as the dialog names who is cancelled.
 */
export function cancellationCreditNote(
  startsAt: Date | string,
  now: Date | number,
  policies: { cancellationCutoffHours: number; makeupCreditsEnabled: boolean; makeupCreditValidityDays: number },
  names: readonly string[],
): { kind: 'EARLY' | 'LATE'; text: string } | null {
  const kind = cancellationKind(startsAt, now, policies.cancellationCutoffHours);
  const cutoff = hoursText(policies.cancellationCutoffHours);
  if (kind === 'LATE') return { kind, text: `Less than ${cutoff} before the start, this is a late cancellation: it gives no make-up credit.` };
  if (!policies.makeupCreditsEnabled || names.length === 0) return null;
  const who = names.length === 1 ? `${names[0]} gets` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} each get`;
  return { kind, text: `Cancelled more than ${cutoff} ahead: ${who} a make-up credit, usable for ${policies.makeupCreditValidityDays} days.` };
}
