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
import { announcementsOf } from '../plugins/read-caches';
import { actor, requireUser } from '../plugins/auth';
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

  app.post('/api/bookings', { onRequest: requireUser, schema: { body: createBookingBody, response: { 201: bookingDto } } }, async (request, reply) => {
    // Fields passed one by one: nothing in the body can stand in for the signed-in parent (mass assignment).
    const { sessionId, childNames } = request.body;
    const parent = actor(request);
    const booking = await createBooking(app.db, {
      actorId: parent.id,
      parent: { firstName: parent.firstName, lastName: parent.lastName, email: parent.email },
      sessionId,
      childNames,
      email: app.emailContext,
      now: app.clock(),
      announcements: announcementsOf(request),
    });
    return reply.status(201).send(thenSendMail(booking));
  });

  app.post(
    '/api/bookings/:id/cancel',
    { onRequest: requireUser, schema: { params: bookingIdParams, response: { 200: bookingDto } } },
    async (request) =>
      thenSendMail(
        await cancelBooking(app.db, {
          actorId: actor(request).id,
          bookingId: assertBookingId(request.params.id),
          email: app.emailContext,
          now: app.clock(),
          announcements: announcementsOf(request),
        }),
      ),
  );

  app.post(
    '/api/bookings/:id/reschedule',
    { onRequest: requireUser, schema: { params: bookingIdParams, body: rescheduleBookingBody, response: { 200: bookingDto } } },
    async (request) =>
      thenSendMail(
        await rescheduleBooking(app.db, {
          actorId: actor(request).id,
          bookingId: assertBookingId(request.params.id),
          newSessionId: request.body.newSessionId,
          email: app.emailContext,
          now: app.clock(),
          announcements: announcementsOf(request),
        }),
      ),
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
