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
import { idOr404 } from '../http-error';
import { actor, requireUser } from '../plugins/auth';
import { repeatableWrite } from '../plugins/repeatable-write';
import { topics } from '../cache/read-caches';
import { cancelBooking } from '../services/bookings/cancel-booking';
import { createBooking } from '../services/bookings/create-booking';
import { getChildStats } from '../services/bookings/get-child-stats';
import { listMyBookings } from '../services/bookings/list-my-bookings';
import { BOOKING_NOT_FOUND } from '../services/bookings/lock-own-booking';
import { rescheduleBooking } from '../services/bookings/reschedule-booking';

const bookingIdParams = z.object({ id: z.string().max(100) });
/** A malformed booking id is simply a booking that does not exist. */
const assertBookingId = (id: string) => idOr404(id, BOOKING_NOT_FOUND);

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Booking, cancelling and rescheduling are repeatable writes: each runs in the request's unit of work through
  // repeatableWrite, which honours an Idempotency-Key header (a repeat gets the first answer, changes nothing).
  app.post('/api/bookings', { onRequest: requireUser, schema: { body: createBookingBody, response: { 201: bookingDto } } }, async (request, reply) => {
    // Fields passed one by one: nothing in the body can stand in for the signed-in parent (mass assignment).
    const { sessionId, childNames } = request.body;
    const parent = actor(request);
    return repeatableWrite(request, reply, { actorId: parent.id, status: 201 }, (tx) =>
      createBooking(tx, {
        actorId: parent.id,
        parent,
        sessionId,
        childNames,
        now: app.clock(),
      }),
    );
  });

  app.post(
    '/api/bookings/:id/cancel',
    { onRequest: requireUser, schema: { params: bookingIdParams, response: { 200: bookingDto } } },
    async (request, reply) => {
      const parent = actor(request);
      const bookingId = assertBookingId(request.params.id);
      return repeatableWrite(request, reply, { actorId: parent.id }, (tx) =>
        cancelBooking(tx, { actorId: parent.id, parent, bookingId, now: app.clock() }),
      );
    },
  );

  app.post(
    '/api/bookings/:id/reschedule',
    { onRequest: requireUser, schema: { params: bookingIdParams, body: rescheduleBookingBody, response: { 200: bookingDto } } },
    async (request, reply) => {
      const parent = actor(request);
      const bookingId = assertBookingId(request.params.id);
      return repeatableWrite(request, reply, { actorId: parent.id }, (tx) =>
        rescheduleBooking(tx, { actorId: parent.id, parent, bookingId, newSessionId: request.body.newSessionId, now: app.clock() }),
      );
    },
  );

  app.get(
    '/api/me/bookings',
    {
      onRequest: requireUser,
      schema: { response: { 200: bookingListResponse } },
      config: {
        // Dropped when this account's bookings change, or any session's time, place or status does.
        cachedRead: (request) => {
          const userId = actor(request).id;
          return { key: `my-bookings|${userId}`, tags: [topics.user(userId), topics.bookings] };
        },
      },
    },
    (request) => listMyBookings(app.db, actor(request).id),
  );

  app.get('/api/me/child-stats', { onRequest: requireUser, schema: { querystring: childStatsQuery, response: { 200: childStatsResponse } } }, (request) =>
    getChildStats(app.db, actor(request).id, request.query.week, app.clock()),
  );
};
