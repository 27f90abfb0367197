import { fullName } from '../../../shared/rules/format';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto } from '../../../shared/schemas/waitlist';
import { databaseTrouble } from '../../db/database-errors';
import type { ActivityActor, UnitOfWork } from '../../db/unit-of-work';
import { WriteGroup } from '../../db/write-group';
import type { SignInCheck } from '../auth/session-user';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestHash } from '../idempotency/idempotency-key';
import { waitlistClosesBefore } from '../waitlist/list-waitlist';
import {
  runBookingCalls,
  type BookingActor,
  type BookingCall,
  type BookingOutcome,
  type BookingParent,
  type OfficeActor,
  type RepeatableBookingCall,
} from './booking-calls';

/** Groups of booking writes in flight at once (one executes while another commits). */
const BOOKING_LANES = 2;

/**
 * Who asks for a repeatable write, as the request knows it: the office (the signed-in administrator, with the
 * route's family, note and override), a parent the request has signed in, or the sign-in behind the cookie that the
 * statement checks itself (decision 017).
 */
export type BookingAsker =
  | { office: Omit<OfficeActor, 'adminId' | 'adminName'>; admin: { id: string; firstName: string; lastName: string } }
  | { parent: BookingParent & { id: string; familyId: string | null } }
  | { signIn: SignInCheck };

/** One request's repeatable write, as the request plumbing hands it over (plugins/repeatable-write.ts). */
export interface RepeatableWriteRequest {
  call: BookingCall;
  asker: BookingAsker;
  /** The request's headers: the Idempotency-Key is read from them (decision 013). */
  headers: Record<string, string | string[] | undefined>;
  /** What the key's request hash covers: the same key with another request is 422. */
  identity: { method: string; route: string; params: unknown; body: unknown };
  now: Date;
  waitlistCutoffHours: number;
  /** The status of a success (201 for a booking). */
  successStatus: number;
  /** The answer as the route's response schema sends it (what a key stores and replays); null: the route has none. */
  encode: ((dto: BookingDto | AdminWaitlistEntryDto) => unknown) | null;
  /** The staff member of an office call, for the activity log (issue 34); null for a family's own call. */
  activity: ActivityActor | null;
}

/** The parents' (and the office's) repeatable writes, grouped into units of work (decision 016): app.bookingWrites. */
export interface BookingWrites {
  /** The call as the group runs it (repeatableCallOf); a malformed Idempotency-Key throws a 400 here. */
  prepare(request: RepeatableWriteRequest): RepeatableBookingCall;
  /** Joins the next group of concurrent booking writes; its outcome, a status and body or a refusal to throw. */
  submit(call: RepeatableBookingCall): Promise<BookingOutcome>;
  /** Resolves when no group runs or waits (the app's close). */
  idle(): Promise<void>;
  /** Whether this instance's booking writes are in a rush right now (BOOKING_RUSH_IN_FLIGHT or more in flight). */
  rushOn(): boolean;
}

/**
 * Booking writes in flight (waiting or in a running group) from which this instance is in a rush: more than a
 * family or two at once. The e-mail worker then waits for it to ease (mail/email-worker.ts, `rushOn`).
 */
export const BOOKING_RUSH_IN_FLIGHT = 5;

/**
 * A hexadecimal key for the lane of a call: a booking's or a waitlist joining's session, else the family's (the
 * office's cancellations: the administrator's).
 */
function laneKeyOf(call: BookingCall, actor: BookingActor): string {
  if (call.op === 'book' || call.op === 'join-waitlist') return call.sessionId.replace(/[^0-9a-f]/gi, '').padEnd(8, '0');
  if ('parentId' in actor) return actor.parentId;
  if ('signIn' in actor) return actor.signIn.tokenHash;
  return actor.office.familyId ?? actor.office.adminId;
}

/** The actor of a call: the office acts as the signed-in administrator (the admin guard has checked the role). */
function actorOf(asker: BookingAsker): BookingActor {
  if ('office' in asker) return { office: { ...asker.office, adminId: asker.admin.id, adminName: fullName(asker.admin) } };
  if ('parent' in asker) return { parentId: asker.parent.id, familyId: asker.parent.familyId, parent: asker.parent };
  return { signIn: asker.signIn };
}

/**
 * The call as the group runs it. With an `Idempotency-Key` header (decision 013) the key and the hash of the request
 * are claimed with the call (a malformed key is 400, thrown here).
 */
export function repeatableCallOf(request: RepeatableWriteRequest): RepeatableBookingCall {
  const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  const encode = request.encode;
  return {
    call: request.call,
    actor: actorOf(request.asker),
    now: request.now,
    waitlistClosesBefore: waitlistClosesBefore(request.now, request.waitlistCutoffHours),
    claim: key === null ? null : { key, requestHash: requestHash(request.identity) },
    successStatus: request.successStatus,
    activity: request.activity,
    encode: (dto) => (key !== null && encode ? encode(dto) : dto),
  };
}

/**
 * The booking writes of one instance: an item submitted while its lane is idle runs at once, alone; items that
 * arrive while a group runs go together as the next group, one unit of work per group (db/write-group.ts).
 * `businessPhone` (BUSINESS_PHONE) goes into the no-show rule's refusal (issue 32).
 */
export function createBookingWrites(unitOfWork: UnitOfWork, options: { businessPhone?: string | null | undefined } = {}): BookingWrites {
  const group = new WriteGroup((calls: RepeatableBookingCall[]) => unitOfWork((tx) => runBookingCalls(tx, calls, options)), {
    lanes: BOOKING_LANES,
    // A booking (or joining a waitlist) goes to the lane of its session, the row a rush shares most: on a busy
    // Monday hundreds of families book the same forty sessions of a week, and two lanes whose groups both held some
    // of them ran one after the other, each waiting for the other's commit (the week rush: bench/README.md). Other
    // writes go to the lane of their family (a browser, when the statement checks the sign-in). A row may still be
    // wanted by both lanes (a family booking two sessions from two browsers, a cancellation freeing a session
    // another lane books) or by another instance: each group's statement locks all its rows up front, in the one
    // lock order (src/server/db/functions/portal_lock_repeatable_writes.sql, decision 022), so groups wait for each
    // other instead of deadlocking; should PostgreSQL still fail one, the unit of work runs the whole group again
    // (db/conflict-retry.ts).
    laneOf: ({ call, actor }) => Number.parseInt(laneKeyOf(call, actor).slice(0, 8), 16),
    // The database unreachable or out of disk space: every call of the group answers 503 at once.
    failsEveryItem: (error) => databaseTrouble(error) !== null,
  });
  return {
    prepare: repeatableCallOf,
    submit: (call) => group.submit(call),
    idle: () => group.idle(),
    rushOn: () => group.inFlight >= BOOKING_RUSH_IN_FLIGHT,
  };
}
