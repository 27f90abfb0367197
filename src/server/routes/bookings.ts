import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDto,
  bookingListResponse,
  cancelBookingBody,
  childStatsQuery,
  childStatsResponse,
  createBookingBody,
  rescheduleBookingBody,
} from '../../shared/schemas/bookings';
import { idOr404 } from '../http-error';
import { actor, requireUser, signInCheckedByTheWrite } from '../plugins/auth';
import { repeatableBookingWrite } from '../plugins/repeatable-write';
import { topics } from '../cache/read-caches';
import { getChildStats } from '../services/bookings/get-child-stats';
import { listMyBookings } from '../services/bookings/list-my-bookings';
import { BOOKING_NOT_FOUND } from '../services/bookings/lock-own-booking';

const bookingIdParams = z.object({ id: z.string().max(100) });
/** A malformed booking id is simply a booking that does not exist. */
const assertBookingId = (id: string) => idOr404(id, BOOKING_NOT_FOUND);

/**
 * The three repeatable writes' route options: the sign-in checked by the write itself, and no compression hook (an
 * answer is one booking, well under the 1 KB threshold: the hook would only cost the Monday rush its checks).
 */
const repeatableWriteRoute = { ...signInCheckedByTheWrite, compress: false } as const;

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Booking, cancelling and rescheduling are repeatable writes: each joins the next group of concurrent booking
  // writes (plugins/repeatable-write.ts, decision 016), which honours an Idempotency-Key header (a repeat gets the
  // first answer, changes nothing). Only the signed-in parent's id acts: nothing in the body can stand in for it
  // (mass assignment), and fields are passed one by one. Their statement checks the sign-in behind the cookie
  // itself, in the same transaction as the write (signInCheckedByTheWrite, decision 017).
  app.post('/api/bookings', { ...repeatableWriteRoute, schema: { body: createBookingBody, response: { 201: bookingDto } } }, async (request, reply) =>
    repeatableBookingWrite(request, reply, {
      status: 201,
      call: { op: 'book', sessionId: request.body.sessionId, childNames: request.body.childNames },
    }),
  );

  app.post(
    '/api/bookings/:id/cancel',
    { ...repeatableWriteRoute, schema: { params: bookingIdParams, body: cancelBookingBody, response: { 200: bookingDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        call: { op: 'cancel', bookingId: assertBookingId(request.params.id), childNames: request.body?.childNames },
      }),
  );

  app.post(
    '/api/bookings/:id/reschedule',
    { ...repeatableWriteRoute, schema: { params: bookingIdParams, body: rescheduleBookingBody, response: { 200: bookingDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        call: {
          op: 'reschedule',
          bookingId: assertBookingId(request.params.id),
          newSessionId: request.body.newSessionId,
          childNames: request.body.childNames,
        },
      }),
  );

  app.get(
    '/api/me/bookings',
    {
      onRequest: requireUser,
      schema: { response: { 200: bookingListResponse } },
      config: {
        // Dropped when the family's bookings change, or any session's time, place or status does.
        cachedRead: (request) => {
          const familyId = actor(request).familyId ?? `none:${actor(request).id}`;
          return { key: `my-bookings|${familyId}`, tags: [topics.family(familyId), topics.bookings] };
        },
      },
    },
    (request) => listMyBookings(app.db, actor(request).familyId, app.clock()),
  );

  app.get('/api/me/child-stats', { onRequest: requireUser, schema: { querystring: childStatsQuery, response: { 200: childStatsResponse } } }, (request) =>
    getChildStats(app.db, actor(request).familyId, request.query.week, app.clock()),
  );
};
