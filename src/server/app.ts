import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import { webDistFolder } from './paths';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/bookings';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/sessions';
import { setPasswordRoutes } from './routes/set-password';
import { webhookReceiverRoutes } from './routes/webhooks';
import type { EmailContext } from './services/email/booking-emails';
import { EmailWorker } from './services/email/email-worker';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    env: Env;
    emailWorker: EmailWorker;
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
  clock?: () => Date;
}

/** Builds the whole HTTP application from plugins and routes (used by server.ts and the tests). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? (() => new Date()));
  const emailWorker = new EmailWorker(
    options.database.db,
    { smtpUrl: env.SMTP_URL, from: env.mailFrom, outboxDir: path.join(env.dataDir, 'outbox') },
    app.log,
  );
  app.decorate('emailWorker', emailWorker);
  app.decorate('emailContext', { businessName: env.BUSINESS_NAME, publicUrl: env.publicUrl });
  app.addHook('onClose', () => emailWorker.stop());

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
  await registerCompression(app);
  await registerSecurity(app, env.allowedOrigins);
  await registerAuth(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(setPasswordRoutes);
  await app.register(sessionRoutes);
  await app.register(bookingRoutes);
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(webhookReceiverRoutes);

  const webRoot = options.webRoot === undefined ? webDistFolder : options.webRoot;
  if (webRoot) await registerWebApp(app, webRoot, env);
  return app;
}
