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
  // A callback hook: a read (most requests) passes without a promise; so does a write made through units of
  // work (their commits dropped what they made stale before the answer). Any other API write (a sign-in's
  // throttle, a refused request) waits until this instance has heard everything committed so far.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const isApiWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.routeOptions.url?.startsWith('/api/');
    if (!isApiWrite || request.ranUnitOfWork) return done(null, payload);
    caches.fence().then(() => done(null, payload), done);
  });
}
