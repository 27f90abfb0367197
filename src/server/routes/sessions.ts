import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRole } from '../../shared/rules/roles';
import { classTypeListResponse } from '../../shared/schemas/classes';
import type { z } from 'zod';
import { listSessionsQuery, sessionsListResponse } from '../../shared/schemas/sessions';
import { closureListResponse } from '../../shared/schemas/closures';
import { topics } from '../cache/read-caches';
import { actor, requireUser } from '../plugins/auth';
import { listClasses } from '../services/classes/list-classes';
import { listCurrentClosures } from '../services/closures/list-closures';
import { listSessions } from '../services/sessions/list-sessions';
import { getBusinessSetting } from '../services/settings/get-business-setting';
import { POLICIES_PATH, policiesSchema } from '../../shared/schemas/settings';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One list for the parent calendar and the admin sessions table: administrators also see cancelled sessions.
  app.get(
    '/api/sessions',
    {
      onRequest: requireUser,
      schema: { querystring: listSessionsQuery, response: { 200: sessionsListResponse } },
      config: {
        // The same window is asked by every parent: one answer per distinct query, dropped on any session change.
        cachedRead: (request) => {
          const { from, to, limit, page, classCode, classTypeId } = request.query as z.output<typeof listSessionsQuery>;
          const key = ['sessions', isAdminRole(actor(request).role), from?.toISOString(), to?.toISOString(), limit, page, classCode, classTypeId];
          return { key: key.join('|'), tags: [topics.calendar] };
        },
      },
    },
    (request) => {
      // The query's fields one by one; whether cancelled sessions show comes from the role, never the query.
      const { from, to, limit, page, classCode, classTypeId } = request.query;
      const includeCancelled = isAdminRole(actor(request).role);
      return listSessions(app.db, { from, to, limit, page, classCode, classTypeId, includeCancelled });
    },
  );

  app.get(
    '/api/classes',
    {
      onRequest: requireUser,
      schema: { response: { 200: classTypeListResponse } },
      config: { cachedRead: () => ({ key: 'classes', tags: [topics.classes] }) },
    },
    () => listClasses(app.db),
  );

  // Issue 32: the closed days not over yet, for the parent calendar ('Closed — <reason>') and anyone signed in.
  app.get('/api/closures', { onRequest: requireUser, schema: { response: { 200: closureListResponse } } }, () =>
    listCurrentClosures(app.db, app.clock()),
  );

  // Issue 32: the business's policies as families read them (the cancel dialog says whether cancelling now gives a
  // make-up credit); the office changes them at /api/admin/settings/policies.
  app.get(POLICIES_PATH, { onRequest: requireUser, schema: { response: { 200: policiesSchema } } }, () => getBusinessSetting(app.db, { key: 'policies' }));
};
