import type { FastifyInstance } from 'fastify';
import { ReadCaches } from '../cache/read-caches';
import type { DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    readCaches: ReadCaches;
  }
}

/**
 * The instance's read caches (src/server/cache), listening for the database's change notifications from the
 * start; and read-your-writes: the answer to a write leaves only once this instance has received the change
 * notifications of what it committed, so the same browser's next read never comes from a stale entry.
 */
export async function registerReadCaches(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const caches = new ReadCaches(database, app.env.READ_CACHE);
  app.decorate('readCaches', caches);
  await caches.start();
  app.addHook('onClose', () => caches.stop());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.routeOptions.url?.startsWith('/api/')) await caches.fence();
    return payload;
  });
}
