import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BUSINESS_NAME } from '../shared/product';
import { projectRoot } from './paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BUSINESS_NAME: z.string().trim().min(1).default(DEFAULT_BUSINESS_NAME),
  /** Name under the installed app's home-screen icon; default: the first word of BUSINESS_NAME (at most 12 characters). */
  BUSINESS_SHORT_NAME: z.string().trim().min(1).max(12, 'BUSINESS_SHORT_NAME must be at most 12 characters').optional(),
  /** smtp://user:pass@host:port or smtps://…; without it e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  /** Sender of the e-mails; default "<BUSINESS_NAME> <no-reply@localhost>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** Public address of the portal, used in e-mail links; default http://localhost:PORT. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL such as https://portal.example.com' }).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(90).default(14),
  /** Trust X-Forwarded-* from a reverse proxy (needed for Secure cookies and client addresses behind one). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Extra origins allowed to make cookie-authenticated writes, comma separated (the app's own origin always is). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Seed demo data when the database has no users (default: on for the embedded database only). */
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  allowedOrigins: string[];
  publicUrl: string;
  mailFrom: string;
};

/** Parses process.env once; a bad value stops the start-up with a list of what is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(projectRoot, env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM ?? `"${env.BUSINESS_NAME.replace(/"/g, '')}" <no-reply@localhost>`,
    allowedOrigins: env.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}
