import type { FastifyInstance, FastifyRequest } from 'fastify';
import { announce } from '../cache/announcements';
import type { Tx } from '../db/client';
import { runUnitOfWork } from '../db/unit-of-work';

/** Runs one change in its own transaction; see db/unit-of-work.ts. */
export type UnitOfWork = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A change made outside a request (a scheduled job): announced and mailed right after its commit. */
    unitOfWork: UnitOfWork;
  }
  interface FastifyRequest {
    /**
     * The request's way to change data (docs/decisions/014-unit-of-work.md): one transaction; after its
     * commit the e-mail worker is woken if mail was queued, and the change topics go out with the answer's
     * fence (plugins/read-caches.ts), so the same browser's next read sees the change. Routes never open a
     * transaction or wake the mailer themselves (eslint.config.js forbids it).
     */
    unitOfWork: UnitOfWork;
    /** Markers this request's units of work sent with their commits (PostgreSQL); the answer's fence awaits them. */
    committedMarkers: Array<{ marker: string; arrived: Promise<void> }> | null;
  }
}

export function registerUnitOfWork(app: FastifyInstance): void {
  app.decorate('unitOfWork', (<T>(work: (tx: Tx) => Promise<T>) =>
    runUnitOfWork(app.db, work, {
      announce: (topics) => announce(app.db, topics),
      mailQueued: () => app.emailWorker.kick(),
    })) as UnitOfWork);
  app.decorateRequest('committedMarkers', null);
  app.decorateRequest('unitOfWork', async function (this: FastifyRequest, work: (tx: Tx) => Promise<unknown>) {
    const caches = this.server.readCaches;
    let reserved: ReturnType<typeof caches.reserveCommitMarker> = null;
    try {
      return await runUnitOfWork(this.server.db, work, {
        commitMarker: () => {
          reserved = caches.reserveCommitMarker();
          return reserved?.marker ?? null;
        },
        announce: (topics, sent) => {
          if (sent && reserved) (this.committedMarkers ??= []).push(reserved);
          else (this.announcements ??= []).push(...topics);
        },
        mailQueued: () => this.server.emailWorker.kick(),
      });
    } catch (error) {
      // Rolled back (or unknown): no marker will come.
      if (reserved) caches.releaseCommitMarker(reserved);
      throw error;
    }
  } as UnitOfWork);
}
