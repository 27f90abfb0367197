import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import {
  bulkDeleteSessionsBody,
  bulkDeleteSessionsResponse,
  bulkSessionBody,
  bulkSessionResponse,
  cancelSessionResponse,
  createSessionBody,
  createSessionConflict,
  sessionDto,
  updateSessionBody,
  updateSessionConflict,
} from '../../../shared/schemas/sessions';
import { idOr404 } from '../../http-error';
import { cancelSession } from '../../services/sessions/cancel-session';
import { createBulkSessions } from '../../services/sessions/create-bulk-sessions';
import { createSession } from '../../services/sessions/create-session';
import { deleteSession } from '../../services/sessions/delete-session';
import { deleteSessions } from '../../services/sessions/delete-sessions';
import { SESSION_NOT_FOUND } from '../../services/sessions/session-rules';
import { updateSession } from '../../services/sessions/update-session';

/** A malformed session id is simply a session that does not exist. */
const sessionId = (id: string) => idOr404(id, SESSION_NOT_FOUND);

/**
 * Spec 5, the admin sessions screen: create, edit, delete, cancel, bulk create and bulk delete. Each change is
 * one unit of work: the e-mails an edit or a cancellation queues go out once it has committed.
 */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sessions',
    { schema: { body: createSessionBody, response: { 201: sessionDto, 409: createSessionConflict } } },
    async (request, reply) => {
      const { confirmDuplicate, ...form } = request.body;
      const created = await request.unitOfWork((tx) => createSession(tx, { form, confirmDuplicate, now: app.clock() }));
      return reply.status(201).send(created);
    },
  );

  app.post('/sessions/bulk', { schema: { body: bulkSessionBody, response: { 201: bulkSessionResponse } } }, async (request, reply) => {
    const created = await request.unitOfWork((tx) => createBulkSessions(tx, { form: request.body, now: app.clock() }));
    return reply.status(201).send(created);
  });

  app.post(
    '/sessions/bulk-delete',
    { schema: { body: bulkDeleteSessionsBody, response: { 200: bulkDeleteSessionsResponse } } },
    (request) => request.unitOfWork((tx) => deleteSessions(tx, { sessionIds: request.body.sessionIds })),
  );

  app.put(
    '/sessions/:id',
    { schema: { params: idParams, body: updateSessionBody, response: { 200: sessionDto, 409: updateSessionConflict } } },
    (request) => {
      const id = sessionId(request.params.id);
      const { confirmWeeklyLimits, ...form } = request.body;
      return request.unitOfWork((tx) =>
        updateSession(tx, {
          sessionId: id,
          form,
          confirmWeeklyLimits,
          email: app.emailContext,
          now: app.clock(),
          waitlistCutoffHours: app.env.WAITLIST_CUTOFF_HOURS,
        }),
      );
    },
  );

  app.delete('/sessions/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) => {
    const id = sessionId(request.params.id);
    return request.unitOfWork((tx) => deleteSession(tx, { sessionId: id }));
  });

  app.post('/sessions/:id/cancel', { schema: { params: idParams, response: { 200: cancelSessionResponse } } }, (request) => {
    const id = sessionId(request.params.id);
    return request.unitOfWork((tx) => cancelSession(tx, { sessionId: id, email: app.emailContext, now: app.clock() }));
  });
};
