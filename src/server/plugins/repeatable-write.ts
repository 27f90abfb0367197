import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BookingDto } from '../../shared/schemas/bookings';
import type { AdminWaitlistEntryDto } from '../../shared/schemas/waitlist';
import type { BookingCall, OfficeActor } from '../services/bookings/booking-calls';
import type { BookingAsker, BookingWrites } from '../services/bookings/repeatable-writes';
import { actor as signedInUser, pendingSignIn } from './auth';
import { activityActorOf } from './unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parents' bookings, cancellations and reschedules, grouped into units of work (decision 016). */
    bookingWrites: BookingWrites;
  }
}

/**
 * Decorates the app with its booking writes (services/bookings/repeatable-writes.ts: the lanes, the groups, the
 * actor and the key's claim), made by app.ts: a plugin never imports a service.
 */
export function registerRepeatableWrites(app: FastifyInstance, bookingWrites: BookingWrites): void {
  app.decorate('bookingWrites', bookingWrites);
  app.addHook('onClose', () => app.bookingWrites.idle());
}

/** The response schema a route declared for a status (what its serializer keeps). */
function responseSchemaOf(request: FastifyRequest, status: number): z.ZodType | undefined {
  const response = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const schema = response[String(status)];
  return schema instanceof z.ZodType ? schema : undefined;
}

/** Who asks, as the request knows it; a route of signInCheckedByTheWrite leaves the sign-in to the statement (decision 017). */
function askerOf(request: FastifyRequest, office: Omit<OfficeActor, 'adminId' | 'adminName'> | undefined): BookingAsker {
  if (office) return { office, admin: signedInUser(request) };
  return request.user ? { parent: request.user } : { signIn: pendingSignIn(request) };
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
  const schema = responseSchemaOf(request, status);
  const { bookingWrites, env } = request.server;
  const call = bookingWrites.prepare({
    call: options.call,
    asker: askerOf(request, options.office),
    headers: request.headers,
    identity: { method: request.method, route: request.routeOptions.url ?? request.url, params: request.params, body: request.body },
    now: request.server.clock(),
    waitlistCutoffHours: env.WAITLIST_CUTOFF_HOURS,
    successStatus: status,
    encode: schema ? (dto: BookingDto | AdminWaitlistEntryDto) => z.encode(schema, dto) : null,
    activity: options.office ? (activityActorOf(request) ?? null) : null,
  });
  // The group's unit of work drops what it changed from this instance's caches before the answer leaves.
  request.ranUnitOfWork = true;
  const outcome = await bookingWrites.submit(call);
  if ('error' in outcome) throw outcome.error;
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.status).send(outcome.body);
}
