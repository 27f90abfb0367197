import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSessionsQuery } from '../../shared/schemas/sessions';
import { requireUser } from '../plugins/auth';
import { listClasses } from '../services/classes/list-classes';
import { listSessions } from '../services/sessions/list-sessions';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sessions', { preHandler: requireUser, schema: { querystring: listSessionsQuery } }, (request) =>
    listSessions(app.db, request.query),
  );

  app.get('/api/classes', { preHandler: requireUser }, () => listClasses(app.db));
};
