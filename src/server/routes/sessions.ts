import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRole } from '../../shared/rules/roles';
import { classTypeListResponse } from '../../shared/schemas/classes';
import { listSessionsQuery, sessionsListResponse } from '../../shared/schemas/sessions';
import { cachedJson } from '../cache/cached-json';
import { topics } from '../cache/read-caches';
import { actor, requireUser } from '../plugins/auth';
import { listClasses } from '../services/classes/list-classes';
import { listSessions } from '../services/sessions/list-sessions';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One list for the parent calendar and the admin sessions table: administrators also see cancelled sessions.
  app.get(
    '/api/sessions',
    { onRequest: requireUser, schema: { querystring: listSessionsQuery, response: { 200: sessionsListResponse } } },
    (request, reply) => {
      // The query's fields one by one; whether cancelled sessions show comes from the role, never the query.
      const { from, to, limit, page, classCode, classTypeId } = request.query;
      const includeCancelled = isAdminRole(actor(request).role);
      // The same window is asked by every parent: one answer per distinct query, dropped on any session change.
      const key = ['sessions', includeCancelled, from?.toISOString(), to?.toISOString(), limit, page, classCode, classTypeId].join('|');
      return cachedJson(request, reply, { key, tags: [topics.calendar] }, sessionsListResponse, () =>
        listSessions(app.db, { from, to, limit, page, classCode, classTypeId, includeCancelled }),
      );
    },
  );

  app.get('/api/classes', { onRequest: requireUser, schema: { response: { 200: classTypeListResponse } } }, (request, reply) =>
    cachedJson(request, reply, { key: 'classes', tags: [topics.classes] }, classTypeListResponse, () => listClasses(app.db)),
  );
};
