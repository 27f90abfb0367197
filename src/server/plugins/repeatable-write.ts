import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fullName } from '../../shared/rules/format';
import type { BookingDto } from '../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto } from '../../shared/schemas/waitlist';
import { waitlistClosesBefore } from '../services/waitlist/list-waitlist';
import { databaseTrouble } from '../db/database-errors';
import { WriteGroup } from '../db/write-group';
import {
  runBookingCalls,
  type BookingActor,
  type BookingCall,
  type BookingOutcome,
  type OfficeActor,
  type RepeatableBookingCall,
} from '../services/bookings/booking-calls';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestHash } from '../services/idempotency/idempotency-key';
import { actor as signedInUser, pendingSignIn } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parents' bookings, cancellations and reschedules, grouped into units of work (decision 016). */
    bookingWrites: WriteGroup<RepeatableBookingCall, BookingOutcome>;
  }
}

/** Groups of booking writes in flight at once (one executes while another commits). */
const BOOKING_LANES = 2;

/**
 * Booking writes in flight (waiting or in a running group) from which this instance is in a rush: more than a
 * family or two at once. The e-mail worker then waits for it to ease (mail/email-worker.ts, `rushOn`).
 */
export const BOOKING_RUSH_IN_FLIGHT = 5;

/** Whether the parents' booking writes are in a rush right now (false before they are registered). */
export function bookingRushOn(app: FastifyInstance): boolean {
  return app.hasDecorator('bookingWrites') && app.bookingWrites.inFlight >= BOOKING_RUSH_IN_FLIGHT;
}

export function registerRepeatableWrites(app: FastifyInstance): void {
  app.decorate(
    'bookingWrites',
    new WriteGroup((calls: RepeatableBookingCall[]) => app.unitOfWork((tx) => runBookingCalls(tx, calls)), {
      lanes: BOOKING_LANES,
      // A booking (or joining a waitlist) goes to the lane of its session, the row a rush shares most: on a busy
      // Monday hundreds of families book the same forty sessions of a week, and two lanes whose groups both held some
      // of them ran one after the other, each waiting for the other's commit (the week rush: bench/README.md). Other
      // writes go to the lane of their family (a browser, when the statement checks the sign-in). A row may still be
      // wanted by both lanes (a family booking two sessions from two browsers, a cancellation freeing a session
      // another lane books) or by another instance: each group's statement locks all its rows up front, in the one
      // lock order (migration 0018, decision 022), so groups wait for each other instead of deadlocking; should
      // PostgreSQL still fail one, the unit of work runs the whole group again (db/conflict-retry.ts).
      laneOf: ({ call, actor }) => Number.parseInt(laneKeyOf(call, actor).slice(0, 8), 16),
      // The database unreachable or out of disk space: every call of the group answers 503 at once.
      failsEveryItem: (error) => databaseTrouble(error) !== null,
    }),
  );
  app.addHook('onClose', () => app.bookingWrites.idle());
}

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

/** The response schema a route declared for a status (what its serializer keeps). */
function responseSchemaOf(request: FastifyRequest, status: number): z.ZodType | undefined {
  const response = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const schema = response[String(status)];
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * Answers a write a parent may repeat (a double tap, a retry after a lost answer): `call` joins the next group of
 * concurrent booking writes (decision 016; one transaction for the group, each call seeing the ones before it)
 * and its outcome is sent with `status`. With an `Idempotency-Key` header (decision 013), a repeat by the same
 * user within 24 hours gets the first answer again and changes nothing; the same key with another request is
 * 422; a malformed key is 400. A refusal with a key is stored and replayed like a success.
 *
 * The stored answer is the body as the route's response schema sends it, so a field the schema drops is never
 * stored either; a replay goes through the same serializer and is sent byte for byte the same. Replays carry
 * `Idempotent-Replayed: true`.
 */
export async function repeatableBookingWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { status?: number; call: BookingCall; office?: Omit<OfficeActor, 'adminId' | 'adminName'> },
): Promise<FastifyReply> {
  const status = options.status ?? 200;
  // The office acts as the signed-in administrator (the admin guard has checked the role); a route of
  // signInCheckedByTheWrite leaves the sign-in to the statement (decision 017).
  const actor: BookingActor = options.office
    ? { office: { ...options.office, adminId: signedInUser(request).id, adminName: fullName(signedInUser(request)) } }
    : request.user
      ? { parentId: request.user.id, parent: request.user }
      : { signIn: pendingSignIn(request) };
  const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  const schema = key ? responseSchemaOf(request, status) : undefined;
  const claim =
    key === null
      ? null
      : {
          key,
          requestHash: requestHash({ method: request.method, route: request.routeOptions.url ?? request.url, params: request.params, body: request.body }),
        };
  // The group's unit of work drops what it changed from this instance's caches before the answer leaves.
  request.ranUnitOfWork = true;
  const now = request.server.clock();
  const outcome = await request.server.bookingWrites.submit({
    call: options.call,
    actor,
    now,
    waitlistClosesBefore: waitlistClosesBefore(now, request.server.env.WAITLIST_CUTOFF_HOURS),
    claim,
    successStatus: status,
    encode: (dto: BookingDto | AdminWaitlistEntryDto) => (schema ? z.encode(schema, dto) : dto),
  });
  if ('error' in outcome) throw outcome.error;
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.status).send(outcome.body);
}
