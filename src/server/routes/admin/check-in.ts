import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fullName } from '../../../shared/rules/format';
import { checkInBody, checkInLookupBody, checkInLookupResponse, checkInResponse, undoCheckInResponse } from '../../../shared/schemas/check-in';
import { actor, atTheDoor } from '../../plugins/auth';
import { checkInChild } from '../../services/check-in/check-in-child';
import { lookUpBookingAtDoor } from '../../services/check-in/look-up-booking-at-door';
import { undoCheckIn } from '../../services/check-in/undo-check-in';
import { doorTapTime } from '../../services/check-in/door-tap-time';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestHash } from '../../services/idempotency/idempotency-key';
import { keyedWrite } from '../../services/idempotency/keyed-write';

/**
 * Check-in at the door (issue 22): look a booking up by its reference (typed or read from its QR code) for the
 * session at the door, mark each child present with one tap, undo a mistaken tap. Only on the session's Toronto day,
 * only for a confirmed booking of that session; a tap is idempotent, whoever makes it and however many at once.
 * Coaches work the door too (issue 34).
 */
export const adminCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/check-in/lookup', { ...atTheDoor, schema: { body: checkInLookupBody, response: { 200: checkInLookupResponse } } }, (request) =>
    lookUpBookingAtDoor(app.db, { sessionId: request.body.sessionId, reference: request.body.reference, now: app.clock() }),
  );

  // Issue 34: a tap queued offline carries an Idempotency-Key (sent again after a lost answer, it changes nothing) and
  // the time it was made (doorTapTime).
  const keyOf = (request: FastifyRequest) => ({
    userId: actor(request).id,
    key: parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]),
    requestHash: requestHash({ method: request.method, route: request.routeOptions.url ?? request.url, params: request.params, body: request.body }),
    now: app.clock(),
  });

  app.post('/check-in', { ...atTheDoor, schema: { body: checkInBody, response: { 200: checkInResponse } } }, async (request, reply) => {
    const admin = actor(request);
    const { bookingId, childId, tappedAt } = request.body;
    const claim = keyOf(request);
    const { value, replayed } = await request.unitOfWork((tx) =>
      keyedWrite(tx, claim, () =>
        checkInChild(tx, {
          bookingId: bookingId.toLowerCase(),
          childId: childId.toLowerCase(),
          admin: { id: admin.id, name: fullName(admin) },
          now: doorTapTime(tappedAt, claim.now),
        }),
      ),
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });

  app.post('/check-in/undo', { ...atTheDoor, schema: { body: checkInBody, response: { 200: undoCheckInResponse } } }, async (request, reply) => {
    const { bookingId, childId, tappedAt } = request.body;
    const claim = keyOf(request);
    const { value, replayed } = await request.unitOfWork((tx) =>
      keyedWrite(tx, claim, () => undoCheckIn(tx, { bookingId: bookingId.toLowerCase(), childId: childId.toLowerCase(), now: doorTapTime(tappedAt, claim.now) })),
    );
    if (replayed) reply.header('idempotent-replayed', 'true');
    return value;
  });
};
