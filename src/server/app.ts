import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import { webDistFolder } from './paths';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    env: Env;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string | null;
  logger?: boolean;
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

  registerErrorHandling(app);
  await registerSecurity(app, env.allowedOrigins);
  await registerAuth(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);

  const webRoot = options.webRoot === undefined ? webDistFolder : options.webRoot;
  if (webRoot) await registerWebApp(app, webRoot, env.BUSINESS_NAME);
  return app;
}
