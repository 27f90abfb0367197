import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../shared/schemas/common';
import { errorBody } from '../http-error';
import { serializeError } from '../logging';
import { checkDatabaseAnswers } from '../services/health/check-database-answers';

const liveResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Readiness answers within this long, whatever the database does (a frozen one included). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

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
  // Ready when the database answers and can store a change (a tiny write rolled back; on the embedded database
  // also a small file in its folder, so a full disk says not ready), both within READY_CHECK_TIMEOUT_MS. The
  // session cookie is not looked up (withoutSession): a probe sent with one gets the same answer.
  let lastFailure: string | null = null;
  const failed = (reason: string, error: unknown) => {
    // Logged when the cause changes, not at every probe of an outage.
    const text = `${reason}: ${error instanceof Error ? error.message : String(error)}`;
    if (text !== lastFailure) app.log.error({ err: serializeError(error) }, `readiness: ${reason}`);
    lastFailure = text;
  };
  app.get(
    '/api/health/ready',
    { config: { withoutSession: true }, schema: { response: { 200: readyResponse, 503: errorResponse } } },
    async (_request, reply) => {
      const deadline = Date.now() + READY_CHECK_TIMEOUT_MS;
      try {
        await checkDatabaseAnswers(app.db, READY_CHECK_TIMEOUT_MS);
      } catch (error) {
        failed('the database does not answer', error);
        return reply.status(503).send(errorBody(503, 'Database unavailable', 'DATABASE_UNAVAILABLE'));
      }
      try {
        await app.checkDatabaseWrite(Math.max(1, deadline - Date.now()));
      } catch (error) {
        failed('the database cannot store changes (write check failed)', error);
        return reply.status(503).send(errorBody(503, 'Database cannot store changes (write check failed)', 'STORAGE_FULL'));
      }
      if (lastFailure) app.log.info('readiness: the database answers and stores changes again');
      lastFailure = null;
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};
