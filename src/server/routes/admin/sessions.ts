import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import {
  bulkDeleteSessionsBody,
  bulkDeleteSessionsResponse,
  bulkSessionBody,
  bulkSessionResponse,
  cancelSessionResponse,
  sessionDto,
  sessionFormBody,
  updateSessionBody,
  updateSessionConflict,
} from '../../../shared/schemas/sessions';
import { cancelSession } from '../../services/sessions/cancel-session';
import { createBulkSessions } from '../../services/sessions/create-bulk-sessions';
import { createSession } from '../../services/sessions/create-session';
import { deleteSession } from '../../services/sessions/delete-session';
import { deleteSessions } from '../../services/sessions/delete-sessions';
import { updateSession } from '../../services/sessions/update-session';

/** Spec 5, the admin sessions screen: create, edit, delete, cancel, bulk create and bulk delete. */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Queued e-mails go out right after the change is committed.
  const thenSendMail = <T>(result: T): T => {
    app.emailWorker.kick();
    return result;
  };

  app.post('/sessions', { schema: { body: sessionFormBody, response: { 201: sessionDto } } }, async (request, reply) =>
    reply.status(201).send(await createSession(app.db, { form: request.body, now: app.clock() })),
  );

  app.post('/sessions/bulk', { schema: { body: bulkSessionBody, response: { 201: bulkSessionResponse } } }, async (request, reply) =>
    reply.status(201).send(await createBulkSessions(app.db, { form: request.body, now: app.clock() })),
  );

  app.post(
    '/sessions/bulk-delete',
    { schema: { body: bulkDeleteSessionsBody, response: { 200: bulkDeleteSessionsResponse } } },
    (request) => deleteSessions(app.db, { sessionIds: request.body.sessionIds }),
  );

  app.put(
    '/sessions/:id',
    { schema: { params: idParams, body: updateSessionBody, response: { 200: sessionDto, 409: updateSessionConflict } } },
    async (request) => {
      const { confirmWeeklyLimits, ...form } = request.body;
      return thenSendMail(
        await updateSession(app.db, { sessionId: request.params.id, form, confirmWeeklyLimits, email: app.emailContext, now: app.clock() }),
      );
    },
  );

  app.delete('/sessions/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    deleteSession(app.db, { sessionId: request.params.id }),
  );

  app.post(
    '/sessions/:id/cancel',
    { schema: { params: idParams, response: { 200: cancelSessionResponse } } },
    async (request) =>
      thenSendMail(await cancelSession(app.db, { sessionId: request.params.id, email: app.emailContext, now: app.clock() })),
  );
};
