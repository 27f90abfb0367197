import { fullName } from '../../../shared/rules/format';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto } from '../../../shared/schemas/waitlist';
import { databaseTrouble } from '../../db/database-errors';
import type { UnitOfWork } from '../../db/unit-of-work';
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
  | { parent: BookingParent & { id: string } }
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
}

/** The parents' (and the office's) repeatable writes, grouped into units of work (decision 016): app.bookingWrites. */
export interface BookingWrites {
  /** The call as the group runs it (repeatableCallOf); a malformed Idempotency-Key throws a 400 here. */
  prepare(request: RepeatableWriteRequest): RepeatableBookingCall;
  /** Joins the next group of concurrent booking writes; its outcome, a status and body or a refusal to throw. */
  submit(call: RepeatableBookingCall): Promise<BookingOutcome>;
  /** Resolves when no group runs or waits (the app's close). */
  idle(): Promise<void>;
}

/** A hexadecimal key that keeps a family's calls in one lane (the office's cancellations: the administrator's). */
function laneKeyOf(actor: BookingActor): string {
  if ('parentId' in actor) return actor.parentId;
  if ('signIn' in actor) return actor.signIn.tokenHash;
  return actor.office.familyId ?? actor.office.adminId;
}

/** The actor of a call: the office acts as the signed-in administrator (the admin guard has checked the role). */
function actorOf(asker: BookingAsker): BookingActor {
  if ('office' in asker) return { office: { ...asker.office, adminId: asker.admin.id, adminName: fullName(asker.admin) } };
  if ('parent' in asker) return { parentId: asker.parent.id, parent: asker.parent };
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
    encode: (dto) => (key !== null && encode ? encode(dto) : dto),
  };
}

/**
 * The booking writes of one instance: an item submitted while its lane is idle runs at once, alone; items that
 * arrive while a group runs go together as the next group, one unit of work per group (db/write-group.ts).
 */
export function createBookingWrites(unitOfWork: UnitOfWork): BookingWrites {
  const group = new WriteGroup((calls: RepeatableBookingCall[]) => unitOfWork((tx) => runBookingCalls(tx, calls)), {
    lanes: BOOKING_LANES,
    // A family (a browser, when the statement checks the sign-in) always in the same lane: its children's and
    // bookings' row locks are mostly wanted by one lane only. Another lane or instance may want them too (a family
    // booking from two browsers at once): each group's statement locks all its rows up front, in the one lock order
    // (migration 0018, decision 022), so groups wait for each other instead of deadlocking; should PostgreSQL
    // still fail one, the unit of work runs the whole group again (db/conflict-retry.ts).
    laneOf: ({ actor }) => Number.parseInt(laneKeyOf(actor).slice(0, 8), 16),
    // The database unreachable or out of disk space: every call of the group answers 503 at once.
    failsEveryItem: (error) => databaseTrouble(error) !== null,
  });
  return {
    prepare: repeatableCallOf,
    submit: (call) => group.submit(call),
    idle: () => group.idle(),
  };
}
