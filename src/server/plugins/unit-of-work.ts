import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { runUnitOfWork, type UnitOfWork } from '../db/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** A change made outside a request (a scheduled job): announced and mailed right after its commit. */
    unitOfWork: UnitOfWork;
  }
  interface FastifyRequest {
    /**
     * The request's way to change data (docs/decisions/014-unit-of-work.md): one transaction; after its
     * commit the e-mail worker is woken if mail was queued, and the change topics are dropped from this
     * instance's read caches before the answer leaves (so the same browser's next read sees the change) and
     * announced to the other instances (cache/read-caches.ts, `committed`). Routes never open a
     * transaction or wake the mailer themselves (eslint.config.js forbids it).
     */
    unitOfWork: UnitOfWork;
    /** The request changed data only through units of work: their commits already dropped what they made stale. */
    ranUnitOfWork: boolean;
  }
}

export function registerUnitOfWork(app: FastifyInstance): void {
  const after = {
    announce: (topics: readonly string[]) => app.readCaches.committed(topics),
    mailQueued: () => app.emailWorker.kick(),
  };
  // A deadlock or serialization failure: the whole unit of work again, each retry logged at warn (decision 022).
  const retry = { log: { warn: (details: object, message: string) => app.log.warn(details, message) } };
  const unitOfWork = (<T>(work: (tx: Tx) => Promise<T>) => runUnitOfWork(app.db, work, after, retry)) as UnitOfWork;
  app.decorate('unitOfWork', unitOfWork);
  app.decorateRequest('ranUnitOfWork', false);
  app.decorateRequest('unitOfWork', function (this: FastifyRequest, work: (tx: Tx) => Promise<unknown>) {
    this.ranUnitOfWork = true;
    return unitOfWork(work);
  } as UnitOfWork);
}
