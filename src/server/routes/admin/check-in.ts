import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fullName } from '../../../shared/rules/format';
import { checkInBody, checkInLookupBody, checkInLookupResponse, checkInResponse, undoCheckInResponse } from '../../../shared/schemas/check-in';
import { actor, atTheDoor } from '../../plugins/auth';
import { checkInChild } from '../../services/check-in/check-in-child';
import { lookUpBookingAtDoor } from '../../services/check-in/look-up-booking-at-door';
import { undoCheckIn } from '../../services/check-in/undo-check-in';

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

  app.post('/check-in', { ...atTheDoor, schema: { body: checkInBody, response: { 200: checkInResponse } } }, (request) => {
    const admin = actor(request);
    const { bookingId, childId } = request.body;
    return request.unitOfWork((tx) =>
      checkInChild(tx, { bookingId: bookingId.toLowerCase(), childId: childId.toLowerCase(), admin: { id: admin.id, name: fullName(admin) }, now: app.clock() }),
    );
  });

  app.post('/check-in/undo', { ...atTheDoor, schema: { body: checkInBody, response: { 200: undoCheckInResponse } } }, (request) => {
    const { bookingId, childId } = request.body;
    return request.unitOfWork((tx) => undoCheckIn(tx, { bookingId: bookingId.toLowerCase(), childId: childId.toLowerCase(), now: app.clock() }));
  });
};
