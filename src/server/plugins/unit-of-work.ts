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
  }
}

export function registerUnitOfWork(app: FastifyInstance): void {
  app.decorate('unitOfWork', (<T>(work: (tx: Tx) => Promise<T>) =>
    runUnitOfWork(app.db, work, {
      announce: (topics) => announce(app.db, topics),
      mailQueued: () => app.emailWorker.kick(),
    })) as UnitOfWork);
  app.decorateRequest('unitOfWork', function (this: FastifyRequest, work: (tx: Tx) => Promise<unknown>) {
    return runUnitOfWork(this.server.db, work, {
      announce: (topics) => void (this.announcements ??= []).push(...topics),
      mailQueued: () => this.server.emailWorker.kick(),
    });
  } as UnitOfWork);
}
