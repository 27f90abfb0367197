import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';

/** Liveness and readiness: answers without a session. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/health/ready', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.dbKind };
    } catch {
      return reply.status(503).send({ message: 'Database unavailable' });
    }
  });
};
