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
    { onRequest: requireUser, schema: { querystring: listSessionsQuery, response: { 200: sessionsListResponse } } },
    (request) => {
      // The query's fields one by one; whether cancelled sessions show comes from the role, never the query.
      const { from, to, limit, page, classCode, classTypeId } = request.query;
      return listSessions(app.db, { from, to, limit, page, classCode, classTypeId, includeCancelled: isAdminRole(actor(request).role) });
    },
  );

  app.get('/api/classes', { onRequest: requireUser, schema: { response: { 200: classTypeListResponse } } }, () => listClasses(app.db));
};
