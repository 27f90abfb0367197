import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messageResponse } from '../../shared/schemas/common';

const liveResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Liveness and readiness: answers without a session. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A monitor asks this every few seconds: nothing on its path it does not need. Its answer is a fixed
  // 15 bytes (never compressed; plain JSON.stringify, there is no field a schema would have to drop), and the
  // handler is synchronous. The security headers and the request log are the same as for every route.
  app.get(
    '/api/health',
    { schema: { response: { 200: liveResponse } }, compress: false, serializerCompiler: () => (data) => JSON.stringify(data) },
    () => ({ status: 'ok' as const }),
  );
  app.get('/api/health/ready', { schema: { response: { 200: readyResponse, 503: messageResponse } } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.dbKind };
    } catch {
      return reply.status(503).send({ message: 'Database unavailable' });
    }
  });
};
