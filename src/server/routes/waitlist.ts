import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { joinWaitlistBody, waitlistEntryDto, waitlistListResponse } from '../../shared/schemas/waitlist';
import { idOr404 } from '../http-error';
import { actor, requireUser, signInCheckedByTheWrite } from '../plugins/auth';
import { repeatableBookingWrite } from '../plugins/repeatable-write';
import { WAITLIST_ENTRY_NOT_FOUND } from '../services/bookings/booking-refusals';
import { SESSION_NOT_FOUND } from '../services/sessions/session-rules';
import { listFamilyWaitlist, waitlistClosesBefore } from '../services/waitlist/list-waitlist';
import { toFamilyEntry } from '../services/waitlist/waitlist-dto';

const idParams = z.object({ id: z.string().max(100) });

/** The booking writes' options (routes/bookings.ts): the sign-in checked by the write, answers too small to compress. */
const repeatableWriteRoute = { ...signInCheckedByTheWrite, compress: false } as const;

/**
 * A family's waitlists (issue 21, docs/product-rules.md "Waitlist"). Joining and leaving are repeatable writes like a
 * booking: they join the same group of booking writes, under the same session lock, and honour an Idempotency-Key.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sessions/:id/waitlist',
    { ...repeatableWriteRoute, schema: { params: idParams, body: joinWaitlistBody, response: { 201: waitlistEntryDto } } },
    async (request, reply) =>
      repeatableBookingWrite(request, reply, {
        status: 201,
        call: { op: 'join-waitlist', sessionId: idOr404(request.params.id, SESSION_NOT_FOUND), childNames: request.body.childNames },
      }),
  );

  app.delete('/api/waitlist/:id', { ...repeatableWriteRoute, schema: { params: idParams, response: { 200: waitlistEntryDto } } }, async (request, reply) =>
    repeatableBookingWrite(request, reply, { call: { op: 'leave-waitlist', entryId: idOr404(request.params.id, WAITLIST_ENTRY_NOT_FOUND) } }),
  );

  app.get('/api/me/waitlist', { onRequest: requireUser, schema: { response: { 200: waitlistListResponse } } }, async (request) => {
    const familyId = actor(request).familyId;
    if (!familyId) return [];
    const entries = await listFamilyWaitlist(app.db, familyId, waitlistClosesBefore(app.clock(), app.env.WAITLIST_CUTOFF_HOURS));
    return entries.map(toFamilyEntry);
  });
};
