import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDto,
  bookingListResponse,
  childStatsQuery,
  childStatsResponse,
  createBookingBody,
  rescheduleBookingBody,
} from '../../shared/schemas/bookings';
import { HttpError } from '../http-error';
import { actor, requireUser } from '../plugins/auth';
import { repeatableWrite } from '../plugins/repeatable-write';
import { cachedJson } from '../cache/cached-json';
import { topics } from '../cache/read-caches';
import { cancelBooking } from '../services/bookings/cancel-booking';
import { createBooking } from '../services/bookings/create-booking';
import { getChildStats } from '../services/bookings/get-child-stats';
import { listMyBookings } from '../services/bookings/list-my-bookings';
import { rescheduleBooking } from '../services/bookings/reschedule-booking';

/** A malformed booking id is simply a booking that does not exist. */
const bookingIdParams = z.object({ id: z.string().max(100) });
const assertBookingId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw new HttpError(404, 'Booking not found');
  return id;
};

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Queued e-mails go out right after the change is committed.
  const thenSendMail = <T>(result: T): T => {
    app.emailWorker.kick();
    return result;
  };

  // Booking, cancelling and rescheduling are repeatable writes: each runs in one transaction opened by
  // repeatableWrite, which honours an Idempotency-Key header (a repeat gets the first answer, changes nothing).
  app.post('/api/bookings', { onRequest: requireUser, schema: { body: createBookingBody, response: { 201: bookingDto } } }, async (request, reply) => {
    // Fields passed one by one: nothing in the body can stand in for the signed-in parent (mass assignment).
    const { sessionId, childNames } = request.body;
    const parent = actor(request);
    return thenSendMail(
      await repeatableWrite(request, reply, { actorId: parent.id, status: 201 }, (tx) =>
        createBooking(tx, {
          actorId: parent.id,
          parent: { firstName: parent.firstName, lastName: parent.lastName, email: parent.email },
          sessionId,
          childNames,
          email: app.emailContext,
          now: app.clock(),
        }),
      ),
    );
  });

  app.post(
    '/api/bookings/:id/cancel',
    { onRequest: requireUser, schema: { params: bookingIdParams, response: { 200: bookingDto } } },
    async (request, reply) => {
      const actorId = actor(request).id;
      const bookingId = assertBookingId(request.params.id);
      return thenSendMail(
        await repeatableWrite(request, reply, { actorId }, (tx) =>
          cancelBooking(tx, { actorId, bookingId, email: app.emailContext, now: app.clock() }),
        ),
      );
    },
  );

  app.post(
    '/api/bookings/:id/reschedule',
    { onRequest: requireUser, schema: { params: bookingIdParams, body: rescheduleBookingBody, response: { 200: bookingDto } } },
    async (request, reply) => {
      const actorId = actor(request).id;
      const bookingId = assertBookingId(request.params.id);
      return thenSendMail(
        await repeatableWrite(request, reply, { actorId }, (tx) =>
          rescheduleBooking(tx, { actorId, bookingId, newSessionId: request.body.newSessionId, email: app.emailContext, now: app.clock() }),
        ),
      );
    },
  );

  app.get('/api/me/bookings', { onRequest: requireUser, schema: { response: { 200: bookingListResponse } } }, (request, reply) => {
    const userId = actor(request).id;
    // Dropped when this account's bookings change, or any session's time, place or status does.
    const view = { key: `my-bookings|${userId}`, tags: [topics.user(userId), topics.bookings] };
    return cachedJson(request, reply, view, bookingListResponse, () => listMyBookings(app.db, userId));
  });

  app.get('/api/me/child-stats', { onRequest: requireUser, schema: { querystring: childStatsQuery, response: { 200: childStatsResponse } } }, (request) =>
    getChildStats(app.db, actor(request).id, request.query.week, app.clock()),
  );
};
