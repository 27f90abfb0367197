import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRole } from '../../shared/rules/roles';
import { classTypeListResponse } from '../../shared/schemas/classes';
import { listSessionsQuery, sessionsListResponse } from '../../shared/schemas/sessions';
import { actor, requireUser } from '../plugins/auth';
import { listClasses } from '../services/classes/list-classes';
import { listSessions } from '../services/sessions/list-sessions';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One list for the parent calendar and the admin sessions table: administrators also see cancelled sessions.
  app.get(
    '/api/sessions',
    { preHandler: requireUser, schema: { querystring: listSessionsQuery, response: { 200: sessionsListResponse } } },
    (request) => listSessions(app.db, { ...request.query, includeCancelled: isAdminRole(actor(request).role) }),
  );

  app.get('/api/classes', { preHandler: requireUser, schema: { response: { 200: classTypeListResponse } } }, () => listClasses(app.db));
};
