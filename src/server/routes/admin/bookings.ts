import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminBookingDto, officeBookingBody, officeCancelBody, officeRescheduleBody } from '../../../shared/schemas/bookings';
import { idOr404 } from '../../http-error';
import { repeatableBookingWrite } from '../../plugins/repeatable-write';
import { BOOKING_NOT_FOUND } from '../../services/bookings/lock-own-booking';

const bookingIdParams = z.object({ id: z.string().max(100) });
const assertBookingId = (id: string) => idOr404(id, BOOKING_NOT_FOUND);

/**
 * The front desk (issue 19, decision 018): the office books, cancels and reschedules for a family. Each is the
 * family's own repeatable write (the same SQL functions, the same group of concurrent writes, an Idempotency-Key
 * honoured) with the office as the actor: any future session, a weekly limit passed over only with
 * `overrideWeeklyLimit` and a note, the booking marked as the office's, every action recorded for the family page.
 * The family gets the same e-mails as when it acts itself.
 */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/bookings', { schema: { body: officeBookingBody, response: { 201: adminBookingDto } } }, async (request, reply) => {
    const { userId, sessionId, childNames, note, overrideWeeklyLimit } = request.body;
    return repeatableBookingWrite(request, reply, {
      status: 201,
      call: { op: 'book', sessionId, childNames },
      office: { familyId: userId, note, overrideWeeklyLimit },
    });
  });

  app.post(
    '/bookings/:id/cancel',
    { schema: { params: bookingIdParams, body: officeCancelBody, response: { 200: adminBookingDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        call: { op: 'cancel', bookingId: assertBookingId(request.params.id), childNames: request.body?.childNames },
        office: { note: request.body?.note },
      }),
  );

  app.post(
    '/bookings/:id/reschedule',
    { schema: { params: bookingIdParams, body: officeRescheduleBody, response: { 200: adminBookingDto } } },
    async (request, reply) => {
      const { newSessionId, note, overrideWeeklyLimit, childNames } = request.body;
      return repeatableBookingWrite(request, reply, {
        call: { op: 'reschedule', bookingId: assertBookingId(request.params.id), newSessionId, childNames },
        office: { note, overrideWeeklyLimit },
      });
    },
  );
};
