import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto } from '../../../shared/schemas/waitlist';
import type { Tx } from '../../db/client';
import type { ActivityActor } from '../../db/unit-of-work';
import { oneRowOf } from '../../db/rows-of';
import { HttpError } from '../../http-error';
import { SIGNED_OUT_MESSAGE, type SignInCheck } from '../auth/session-user';
import { IDEMPOTENCY_WINDOW_MS, KEY_REUSED_MESSAGE } from '../idempotency/idempotency-key';
import { bookingDtoFromFacts, bookingFacts } from './booking-dto';
import { waitlistEntryFromFacts, waitlistFacts } from '../waitlist/waitlist-dto';
import { bookingRefusal, refusalError } from './booking-refusals';
import { bookingPausedError, pausedCalls } from './booking-pause';

/** The signed-in parent as a booking's answer and e-mails show them (the functions store it with the e-mail). */
export interface BookingParent {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The writes a parent may repeat, each one database function in src/server/db/functions (the rules: docs/product-rules.md,
 * Bookings):
 * - `book`: one spot per named child, all or nothing; the session's row lock (capacity) and the children's (weekly
 *   limits) are held until the commit, and the confirmation e-mail is queued (rendered by the worker later).
 * - `cancel`: one of the parent's future bookings, its spots freed; with `childNames` only those children's places
 *   (issue 32: the booking keeps the others).
 * - `reschedule`: the same children to another future session inside the window; the booking keeps its id (its
 *   reference) and its calendar event's UID at a raised SEQUENCE, weekly limits checked without it; with
 *   `childNames` naming some of its children, those move into a booking of their own (issue 32).
 * - `join-waitlist` / `leave-waitlist`: the family waits for a full session with the named children, or stops
 *   waiting (the office: removes the entry); `promote-waitlist`: the office's 'Promote now' (portal_promote_waitlist_entry,
 *   docs/product-rules.md, Waitlist). A cancellation or a reschedule fills the spots it frees from the waitlist.
 * Another parent's booking or entry is indistinguishable from a missing one.
 */
export type BookingCall =
  | { op: 'book'; sessionId: string; childNames: string[] }
  | { op: 'cancel'; bookingId: string; childNames?: string[] | undefined }
  | { op: 'reschedule'; bookingId: string; newSessionId: string; childNames?: string[] | undefined }
  | { op: 'join-waitlist'; sessionId: string; childNames: string[] }
  | { op: 'leave-waitlist'; entryId: string }
  | { op: 'promote-waitlist'; entryId: string };

/**
 * Who a call acts for: a parent the request has already signed in, or the sign-in behind the request's cookie,
 * which the statement itself checks before anything else (decision 017; a sign-in that is no longer valid is a
 * 401 and changes nothing).
 */
export type BookingActor = { parentId: string; familyId: string | null; parent: BookingParent } | { signIn: SignInCheck } | { office: OfficeActor };

/**
 * The office acting for a family (issue 19, decision 018): the administrator (whose Idempotency-Key it is), the
 * family of a booking (`familyId`; a cancellation's or reschedule's family is the booking's), the note kept with
 * the action, and whether a child's weekly limit may be passed over (the route requires a note then). For the
 * office there is no two-week window; everything else holds as for the family.
 */
export interface OfficeActor {
  adminId: string;
  adminName: string;
  familyId?: string;
  note?: string | undefined;
  overrideWeeklyLimit?: boolean | undefined;
}

/** One request's repeatable write, as the group runs it (repeatable-writes.ts). */
export interface RepeatableBookingCall {
  call: BookingCall;
  actor: BookingActor;
  now: Date;
  /** Sessions starting at or before this instant have a closed waitlist (now + WAITLIST_CUTOFF_HOURS). */
  waitlistClosesBefore: Date;
  /** The Idempotency-Key and the hash of the request it came with (decision 013); null without the header. */
  claim: { key: string; requestHash: string } | null;
  /** The status of a success (201 for a booking). */
  successStatus: number;
  /** The answer as the route's response schema sends it: what a key stores and replays. */
  encode: (dto: BookingDto | AdminWaitlistEntryDto) => unknown;
  /**
   * The office's call: the staff member the activity log names (issue 34). A group runs many callers' writes in one
   * transaction, so the statement writes this call's entry right after the call (portal_repeatable_writes.sql).
   */
  activity: ActivityActor | null;
}

/** The session a call locks first (a cancellation's is known only to the database: after the others). */
const lockOrderOf = (call: BookingCall) =>
  call.op === 'book' || call.op === 'join-waitlist' ? call.sessionId : call.op === 'reschedule' ? call.newSessionId : '\uffff';
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What one call answers: a status and body (replayed: a key's first answer again), or a refusal to throw. */
export type BookingOutcome = { status: number; body: unknown; replayed: boolean } | { error: HttpError };

/** The statement's answer for one call; every answer but `signedOut` names the user it acted for. */
const answer = z.union([
  z.object({ signedOut: z.literal(true) }),
  z.intersection(
    z.object({ userId: z.string() }),
    z.union([
      z.object({ booking: bookingFacts }),
      z.object({ entry: waitlistFacts }),
      bookingRefusal,
      z.object({ stored: z.object({ requestHash: z.string(), status: z.number().int(), body: z.unknown() }) }),
    ]),
  ),
]);

const actorPayload = (actor: BookingActor) =>
  'office' in actor
    ? {
        office: {
          adminId: actor.office.adminId,
          adminName: actor.office.adminName,
          note: actor.office.note ?? null,
          overrideWeeklyLimit: actor.office.overrideWeeklyLimit ?? false,
        },
        familyId: actor.office.familyId ?? null,
      }
    : 'signIn' in actor
    ? {
        sessionHash: actor.signIn.tokenHash,
        expiresAfter: actor.signIn.expiresAfter.toISOString(),
        idleCutoff: actor.signIn.idleCutoff.toISOString(),
        idleCutoffs: Object.fromEntries(Object.entries(actor.signIn.idleCutoffs).map(([role, cutoff]) => [role, cutoff.toISOString()])),
        touchBefore: actor.signIn.touchBefore.toISOString(),
      }
    : {
        familyId: actor.familyId,
        parent: { id: actor.parentId, firstName: actor.parent.firstName, lastName: actor.parent.lastName, email: actor.parent.email },
      };

/**
 * Runs several parents' repeatable writes in the caller's transaction (the unit of work of a group, decision 016),
 * in order, in one statement (src/server/db/functions/portal_repeatable_writes.sql): each sees the writes before it, exactly
 * as separate transactions committed one after the other would. Keys are claimed in the same statement; the
 * answers of the claimed keys are written with one more statement before the commit, so the write and its stored
 * answer commit together. A refusal is that call's outcome only. An error (none is expected: the rules answer
 * with values) aborts the whole transaction.
 */
export async function runBookingCalls(
  tx: Tx,
  calls: readonly RepeatableBookingCall[],
  options: { businessPhone?: string | null | undefined } = {},
): Promise<BookingOutcome[]> {
  // Issue 32, the no-show rule: a paused family's booking or joining of a waitlist is refused in the same unit of
  // work, before the statement (it never reaches it: nothing is written, its key is not claimed).
  const paused = await pausedCalls(tx, calls);
  if (!paused.size) return runStatement(tx, calls);
  const rest = calls.filter((_, index) => !paused.has(index));
  const ran = rest.length ? await runStatement(tx, rest) : [];
  let next = 0;
  return calls.map((_, index) => {
    const pause = paused.get(index);
    return pause ? { error: bookingPausedError(pause, options.businessPhone) } : ran[next++]!;
  });
}

/** The group's one statement (the calls the pause did not refuse). */
async function runStatement(tx: Tx, calls: readonly RepeatableBookingCall[]): Promise<BookingOutcome[]> {
  // Run in the order of the sessions they lock. The statement itself locks every session, child and booking of the
  // group before its first call, in the one lock order (portal_lock_repeatable_writes, docs/decisions/022-lock-order-and-retries.md),
  // so groups running side by side, here or on another instance, wait for each other instead of deadlocking.
  const order = calls.map((_, index) => index).sort((a, b) => compare(lockOrderOf(calls[a]!.call), lockOrderOf(calls[b]!.call)));
  const payload = order.map((index) => calls[index]!).map(({ call, actor, now, waitlistClosesBefore, claim, activity }) => ({
    ...call,
    ...(activity && { activity }),
    ...actorPayload(actor),
    now: now.toISOString(),
    waitlistClosesBefore: waitlistClosesBefore.toISOString(),
    ...(claim && { key: claim.key, requestHash: claim.requestHash, keyCutoff: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString() }),
  }));
  const result = await tx.execute(sql`select portal_repeatable_writes(${JSON.stringify(payload)}::jsonb) as answers`);
  const { answers } = oneRowOf(z.object({ answers: z.array(answer).length(calls.length) }), result, 'portal_repeatable_writes');

  const outcomes: BookingOutcome[] = new Array(calls.length);
  const toStore: Array<{ user_id: string; key: string; status: number; body: unknown }> = [];
  /** Keys claimed in this group: a repeat in the same group gets the claiming call's answer. */
  const claimedHere = new Map<string, { requestHash: string; index: number }>();
  order.forEach((index, position) => {
    const item = calls[index]!;
    const answer = answers[position]!;
    if ('signedOut' in answer) {
      outcomes[index] = { error: new HttpError(401, SIGNED_OUT_MESSAGE) };
      return;
    }
    const keyId = item.claim && `${answer.userId}\n${item.claim.key}`;
    if ('stored' in answer) {
      const first = keyId ? claimedHere.get(keyId) : undefined;
      const stored = first ? { requestHash: first.requestHash, ...(outcomes[first.index] as { status: number; body: unknown }) } : answer.stored;
      outcomes[index] =
        stored.requestHash !== item.claim?.requestHash
          ? { error: new HttpError(422, KEY_REUSED_MESSAGE, { code: 'IDEMPOTENCY_KEY_REUSED' }) }
          : { status: stored.status, body: stored.body, replayed: true };
      return;
    }
    let outcome: BookingOutcome;
    if ('refusal' in answer) {
      const error = refusalError(answer, 'office' in item.actor ? 'office' : 'family');
      // With a key a refusal is the key's answer, like a success (the body plugins/errors.ts sends for it).
      outcome = item.claim ? { status: error.statusCode, body: error.body(), replayed: false } : { error };
    } else {
      const dto = 'entry' in answer ? waitlistEntryFromFacts(answer.entry) : bookingDtoFromFacts(answer.booking);
      outcome = { status: item.successStatus, body: item.claim ? item.encode(dto) : dto, replayed: false };
    }
    outcomes[index] = outcome;
    if (item.claim && keyId && 'status' in outcome) {
      claimedHere.set(keyId, { requestHash: item.claim.requestHash, index });
      toStore.push({ user_id: answer.userId, key: item.claim.key, status: outcome.status, body: outcome.body ?? null });
    }
  });
  if (toStore.length) {
    await tx.execute(sql`
      update idempotency_keys as k set response_status = v.status, response_body = v.body
      from jsonb_to_recordset(${JSON.stringify(toStore)}::jsonb) as v(user_id uuid, key text, status integer, body jsonb)
      where k.user_id = v.user_id and k.key = v.key`);
  }
  return outcomes;
}
