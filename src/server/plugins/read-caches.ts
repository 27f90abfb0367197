import type { FastifyInstance } from 'fastify';
import type { AnnouncementCollector } from '../cache/announcements';
import { ReadCaches } from '../cache/read-caches';
import type { DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    readCaches: ReadCaches;
  }
  interface FastifyRequest {
    /** Change topics this request's transactions left to announce after their commit (cache/announcements.ts). */
    announcements: AnnouncementCollector | null;
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
  app.decorateRequest('announcements', null);
  // A callback hook: a read (most requests) passes without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const topics = request.announcements;
    const isApiWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.routeOptions.url?.startsWith('/api/');
    if (!isApiWrite && !topics?.length) return done(null, payload);
    // The request's units of work sent their topics with their commits (PostgreSQL): wait for their markers.
    // Otherwise (PGlite, no unit of work, the listener down) announce what is left and fence.
    const markers = request.committedMarkers ?? [];
    const waits = markers.map((reserved) => caches.awaitCommitted(reserved));
    if (topics?.length || !markers.length) waits.push(caches.fence(topics ?? []));
    Promise.all(waits).then(() => done(null, payload), done);
  });
}
