import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminBookingDto } from '../../../shared/schemas/bookings';
import { adminWaitlistEntryDto, promoteWaitlistBody, removeWaitlistBody } from '../../../shared/schemas/waitlist';
import { idOr404 } from '../../http-error';
import { repeatableBookingWrite } from '../../plugins/repeatable-write';
import { WAITLIST_ENTRY_NOT_FOUND } from '../../services/bookings/booking-refusals';

const idParams = z.object({ id: z.string().max(100) });
const assertEntryId = (id: string) => idOr404(id, WAITLIST_ENTRY_NOT_FOUND);

/**
 * The office and the waitlist (issue 21): 'Promote now' books an entry's children with the front desk's rules (capacity
 * never overridden, a weekly limit passed over only with a note), 'Remove' ends an entry. Both act for the entry's
 * family through the booking writes' group, are recorded on the family page and honour an Idempotency-Key.
 */
export const adminWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/waitlist/:id/promote',
    { schema: { params: idParams, body: promoteWaitlistBody, response: { 201: adminBookingDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        status: 201,
        call: { op: 'promote-waitlist', entryId: assertEntryId(request.params.id) },
        office: { note: request.body?.note, overrideWeeklyLimit: request.body?.overrideWeeklyLimit },
      }),
  );

  app.delete(
    '/waitlist/:id',
    { schema: { params: idParams, body: removeWaitlistBody, response: { 200: adminWaitlistEntryDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        call: { op: 'leave-waitlist', entryId: assertEntryId(request.params.id) },
        office: { note: request.body?.note },
      }),
  );
};
