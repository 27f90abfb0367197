import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import { loggerOptions } from './logging';
import { webDistFolder } from './paths';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerJsonBody } from './plugins/json-body';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerReadCaches } from './plugins/read-caches';
import { registerCachedReads } from './plugins/cached-reads';
import { registerUnitOfWork } from './plugins/unit-of-work';
import { registerRepeatableWrites } from './plugins/repeatable-write';
import { RequestLogController } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { privacyRoutes } from './routes/privacy';
import { authRoutes } from './routes/auth';
import { registerSecondFactorSetUpGuard, secondFactorRoutes } from './routes/second-factor';
import { bookingRoutes } from './routes/bookings';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { familyRoutes } from './routes/family';
import { waitlistRoutes } from './routes/waitlist';
import { healthRoutes } from './routes/health';
import { mailHealthRoutes } from './routes/mail-health';
import { sessionRoutes } from './routes/sessions';
import { setPasswordRoutes } from './routes/set-password';
import { webhookReceiverRoutes } from './routes/webhooks';
import type { EmailContext } from './mail/email-context';
import { EmailWorker, type EmailWorkerSettings } from './mail/email-worker';
import { ThreadedMailSender } from './mail/threaded-mail-sender';
import { dailyJobs } from './services/scheduled-jobs/daily-jobs';
import { createBookingWrites } from './services/bookings/repeatable-writes';
import { JobScheduler } from './services/scheduled-jobs/job-scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** Readiness's write check (db/write-check.ts): rejects when the database cannot store a change in time. */
    checkDatabaseWrite: DatabaseHandle['checkWrite'];
    env: Env;
    emailWorker: EmailWorker;
    /** The daily jobs (webhook log retention), run once a day across instances; started by server.ts. */
    scheduler: JobScheduler;
    emailContext: EmailContext;
    /** The current instant for business rules (tests pin it; production reads the system clock). */
    clock: () => Date;
    /** Every /api route registered (method and URL), for the tests that walk the route table. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string | null;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them); implies logging unless `logger` is false. */
  loggerStream?: { write(line: string): void };
  clock?: () => Date;
  /** The e-mail worker's claim lease and stop grace (tests shorten them; mail/email-worker.ts has the defaults). */
  emailWorker?: Pick<EmailWorkerSettings, 'claimLeaseMs' | 'stopGraceMs'>;
  /** The whole request (headers and body) must arrive within this many ms (default 30,000; tests shorten it). */
  requestTimeoutMs?: number;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole HTTP application from plugins and routes (used by server.ts and the tests). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const logController = new RequestLogController(env);
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(env), ...(options.loggerStream ? { stream: options.loggerStream } : {}) },
    // One line per completed request, its level by outcome (plugins/request-log.ts).
    logController,
    // A hop count trusts that many proxies nearest the server (the function form Fastify's types accept).
    trustProxy: typeof env.trustProxy === 'number' ? trustHops(env.trustProxy) : env.trustProxy,
    bodyLimit: 1_048_576,
    // The router's own refusals (a broken escape, an over-long parameter) answer without echoing the address.
    frameworkErrors: frameworkErrors(logController),
    // Slow clients cannot hold connections open (slowloris, docs/decisions/011): the whole request must arrive
    // within requestTimeout (30 s; answered 408 and closed, however steadily the body dribbles in), its headers
    // within headersTimeout (Node checks both every connectionsCheckingInterval); a socket with no traffic at
    // all closes after connectionTimeout, an idle kept-alive one after keepAliveTimeout (72 s: longer than a
    // load balancer's usual 60 s idle timeout, so the proxy, not the portal, closes a shared connection first).
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    connectionTimeout: 2 * (options.requestTimeoutMs ?? 30_000),
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(10_000, options.requestTimeoutMs ?? 30_000),
      connectionsCheckingInterval: Math.ceil((options.requestTimeoutMs ?? 30_000) / 10),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.database.db);
  // The database's warnings (a waitlist entry skipped by a promotion that failed: src/server/db/functions/portal_promote_waitlist.sql) in the server's log.
  options.database.onNotice?.((notice) => app.log.warn({ severity: notice.severity }, `database: ${notice.message}`));
  app.decorate('dbKind', options.database.kind);
  app.decorate('checkDatabaseWrite', (timeoutMs: number) => options.database.checkWrite(timeoutMs));
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? (() => new Date()));
  const emailContext: EmailContext = { businessName: env.BUSINESS_NAME, publicUrl: env.publicUrl };
  const mailer = { smtpUrl: env.SMTP_URL, from: env.mailFrom, outboxDir: path.join(env.dataDir, 'outbox'), context: emailContext };
  // The built server renders and sends e-mail in a thread of its own (dist/server/mail-thread.js); run from the
  // sources (tests, tsx) it does so in this thread.
  const mailThread = new URL('./mail-thread.js', import.meta.url);
  const emailWorker = new EmailWorker(
    options.database.db,
    mailer,
    app.log,
    existsSync(fileURLToPath(mailThread)) ? new ThreadedMailSender(mailThread, mailer) : undefined,
    // The app's clock, read at each run: tests that pin it decide when reminders are due.
    // It yields to a rush of bookings (their confirmations wait in the outbox until it eases, a few seconds at most).
    { claimLeaseMs: env.EMAIL_CLAIM_LEASE_MS, ...options.emailWorker, clock: () => app.clock(), rushOn: () => app.hasDecorator('bookingWrites') && app.bookingWrites.rushOn() },
  );
  app.decorate('emailWorker', emailWorker);
  app.decorate('emailContext', emailContext);
  app.addHook('onClose', () => emailWorker.stop());
  // The jobs change data in the app's unit of work (registered below, looked up when a job runs).
  const scheduler = new JobScheduler((work) => app.unitOfWork(work), dailyJobs(env), app.log, app.clock);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());

  // Structural rule: every /api route declares a response schema, so the serializer drops any field the
  // schema does not list (a password hash, a token) whatever a handler returns. A route without one fails
  // the start-up instead of leaking.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((method) => method === 'HEAD')) return;
    if (!route.schema?.response) throw new Error(`${methods.join(',')} ${route.url} must declare a response schema`);
    for (const method of methods) apiRoutes.push({ method, url: route.url });
  });

  registerErrorHandling(app);
  // Before the routes: the JSON parser's depth check and the small body limit of the family's routes (issue 29).
  registerJsonBody(app);
  await registerReadCaches(app, options.database);
  registerCachedReads(app);
  registerUnitOfWork(app);
  registerRepeatableWrites(app, createBookingWrites(app.unitOfWork, { businessPhone: env.BUSINESS_PHONE }));
  await registerCompression(app);
  await registerSecurity(app, env);
  await registerAuth(app);
  registerSecondFactorSetUpGuard(app);

  await app.register(healthRoutes);
  await app.register(mailHealthRoutes);
  await app.register(authRoutes);
  await app.register(secondFactorRoutes);
  await app.register(accountRoutes);
  await app.register(familyRoutes);
  await app.register(privacyRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(setPasswordRoutes);
  await app.register(sessionRoutes);
  await app.register(bookingRoutes);
  await app.register(waitlistRoutes);
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(webhookReceiverRoutes);

  const webRoot = options.webRoot === undefined ? webDistFolder : options.webRoot;
  if (webRoot) await registerWebApp(app, webRoot, env);
  return app;
}
