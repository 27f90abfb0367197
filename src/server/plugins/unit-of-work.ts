import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activityKindOf } from '../../shared/rules/activity';
import { isStaffRole } from '../../shared/rules/roles';
import type { Tx } from '../db/client';
import { runUnitOfWork, type ActivityActor, type UnitOfWork } from '../db/unit-of-work';

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
    return runUnitOfWork(app.db, work, after, retry, activityActorOf(this));
  } as UnitOfWork);
}

/**
 * Who the activity log names for a request's change (issue 34, decision 030): a signed-in staff member (coach or
 * administrator) changing something through the admin area or their own account, with the kind of the route
 * (src/shared/rules/activity.ts) and the client's address. Parents' changes, the CRM's and the sign-in's are not
 * staff changes.
 */
export function activityActorOf(request: FastifyRequest): ActivityActor | undefined {
  const user = request.user;
  if (!user || !isStaffRole(user.role)) return undefined;
  // The admin area and one's own account: a CRM delivery, a sign-in or a set-password link is nobody's staff change.
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith('/api/admin/') && !route.startsWith('/api/me/')) return undefined;
  return {
    id: user.id,
    role: user.role,
    name: `${user.firstName} ${user.lastName}`.trim(),
    kind: activityKindOf(request.method, route),
    address: request.ip ?? null,
  };
}
