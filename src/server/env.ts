import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BUSINESS_NAME } from '../shared/product';
import { DEFAULT_WAITLIST_CUTOFF_HOURS } from '../shared/schemas/waitlist';
import { projectRoot } from './paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The office address of the demo (README): the default BUSINESS_CONTACT_EMAIL in development. */
export const DEMO_CONTACT_EMAIL = 'office@example.com';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The interface to listen on. Default: 127.0.0.1 outside production (the demo's passwords are public, so a laptop's
   * `npm start` is not reachable from the network), 0.0.0.0 in production.
   */
  HOST: z.string().min(1).optional(),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Optional direct (or session-pooled) PostgreSQL address for the migration and start-up locks and the read
   * caches' LISTEN connection, when DATABASE_URL goes through a transaction-mode pooler such as PgBouncer.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL: the longest a statement may run (statement_timeout; the client gives up a second later), so a
   * database that stops answering fails a request with 503 instead of holding it.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** PostgreSQL: the longest wait for a database connection (a new one, or a free one of the pool); then 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * PostgreSQL: how long a starting instance waits for an unreachable database (with back-off, logged) before it
   * exits with code 75; `npm run start:cluster` then starts it again later. 0: no wait.
   */
  DB_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * `npm run start:cluster`: the wait before a dead worker is replaced, or one that found the database unreachable
   * is started again; it doubles after each such exit in a row (up to 30 s; 10 s for an unreachable database).
   */
  CLUSTER_RESTART_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  DATA_DIR: z.string().min(1).default('./data'),
  BUSINESS_NAME: z.string().trim().min(1).default(DEFAULT_BUSINESS_NAME),
  /** Name under the installed app's home-screen icon; default: the first word of BUSINESS_NAME (at most 12 characters). */
  BUSINESS_SHORT_NAME: z.string().trim().min(1).max(12, 'BUSINESS_SHORT_NAME must be at most 12 characters').optional(),
  /** The office's e-mail address: the sign-in page's 'contact us' becomes a mailto link to it. */
  BUSINESS_CONTACT_EMAIL: z.email({ error: 'BUSINESS_CONTACT_EMAIL must be an email address such as office@example.com' }).optional(),
  /** The office's phone number, shown as a tel: link on the sign-in page. */
  BUSINESS_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{2,29}$/, 'BUSINESS_PHONE must be a phone number such as +1 416 555 0100')
    .optional(),
  /** smtp://user:pass@host:port or smtps://…; without it e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  /** Sender of the e-mails; default "<BUSINESS_NAME> <no-reply@localhost>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** How often each instance's e-mail worker looks for due mail besides the run after every commit that queued some. */
  EMAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * How long an e-mail worker's claim on a message lasts (renewed every third of it while it sends): a dead
   * instance's mail is taken over by another instance this long after its last renewal.
   */
  EMAIL_CLAIM_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  /** Public address of the portal, used in e-mail links; default http://localhost:PORT. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL such as https://portal.example.com' }).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(90).default(14),
  /**
   * Which reverse proxies to believe about the client (X-Forwarded-For/-Proto/-Host): `false` (none, default),
   * a hop count (`1` = one proxy in front of every instance), or the proxies' addresses/CIDRs, comma separated.
   * `true` is refused: it would believe a client-chosen X-Forwarded-For and defeat the per-address limits.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => parseTrustProxy(value) !== undefined, {
      message: 'TRUST_PROXY must be false, a hop count such as 1, or proxy addresses/CIDRs such as 10.0.0.0/8,127.0.0.1',
    }),
  /** A parent's sign-in ends after this long without a request (default 7 days: a phone opened weekly stays in). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(129_600).default(10_080),
  /** An administrator's sign-in ends after this long without a request (default 60 minutes). */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(129_600).default(60),
  /**
   * Production only: serve over plain HTTP (an intranet without TLS). Without it production cookies are always
   * `Secure` with the `__Host-` prefix and HSTS is sent. Never set it on the internet.
   */
  INSECURE_HTTP: booleanFlag.default(false),
  /** Extra origins allowed to make cookie-authenticated writes, comma separated (the app's own origin always is). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Seed demo data when the database has no users (default: on for the embedded database only). */
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (one readable line per entry; the default in development) or `json` (pino's lines; the default otherwise). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Per-instance read caches of sessions and of the calendar, classes, /api/me and /api/me/bookings answers,
   * dropped on every change the database announces (docs/decisions/012-read-caches.md). `on` (default): a read
   * on another instance than the writer's sees a change within milliseconds; `strict`: every cached read first
   * waits for the notifications of everything committed before it (one extra round trip; the test suites use it
   * so that a change written straight into the database is seen by the very next request); `off`: no cache.
   */
  READ_CACHE: z.enum(['on', 'strict', 'off']).default('on'),
  /** A request taking longer than this many ms is logged at `warn` (every request is logged at `debug`). */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  /** CRM deliveries (POST /api/webhooks/*) one address may send per minute, counted per instance; more get 429. */
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Webhook logs older than this many days are deleted automatically, once a day. */
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** A family deactivated this many months ago is erased automatically, once a day (docs/privacy.md). */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Activity log entries (issue 34) older than this many months are deleted automatically, once a day; nothing else deletes one. */
  ACTIVITY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /**
   * Hours before a session's start when its waitlist closes (issue 21): no promotion after that (a family is never
   * booked into a session it can no longer reach) and the waiting entries expire.
   */
  WAITLIST_CUTOFF_HOURS: z.coerce.number().min(0).max(72).default(DEFAULT_WAITLIST_CUTOFF_HOURS),
  /**
   * Issue 34: `required` (the default in production) makes a staff member without a passkey or an authenticator app
   * add one at their next sign-in before anything else; `optional` (the default otherwise, with the demo data) lets
   * them. Staff who have a factor sign in in two steps either way.
   */
  STAFF_TWO_STEP: z.enum(['required', 'optional'], { error: 'STAFF_TWO_STEP must be required or optional' }).optional(),
  /**
   * Encrypts the authenticator apps' secrets at rest (32 characters or more, the same on every instance). Without it
   * production refuses to set up an authenticator app (passkeys still work); elsewhere a fixed development key is used.
   */
  SECOND_FACTOR_KEY: z.string().min(32, 'SECOND_FACTOR_KEY must be at least 32 characters').optional(),
});

/** Fastify's trustProxy setting from TRUST_PROXY, or undefined when the value is not valid. */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === 'no' || lower === '0' || lower === '') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    if (rest.length || !isIP(address)) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
  });
  return entries.length && valid ? entries : undefined;
}

export type Env = Omit<z.infer<typeof envSchema>, 'HOST' | 'LOG_FORMAT' | 'STAFF_TWO_STEP'> & {
  HOST: string;
  LOG_FORMAT: 'pretty' | 'json';
  /** Parsed TRUST_PROXY, as Fastify's trustProxy option takes it. */
  trustProxy: false | number | string[];
  /** Production over HTTPS (not INSECURE_HTTP): cookies always Secure with the __Host- prefix, HSTS sent. */
  secureCookies: boolean;
  /** The session cookie's name: `__Host-nb_session` when secureCookies, else `nb_session`. */
  sessionCookieName: string;
  dataDir: string;
  allowedOrigins: string[];
  publicUrl: string;
  mailFrom: string;
  STAFF_TWO_STEP: 'required' | 'optional';
};

/**
 * The address a newcomer opens once the server listens (printed as 'Open <url>'): PUBLIC_URL when set, else
 * http://localhost:<the port it listens on> (PORT, or the one the system chose for PORT=0).
 */
export function openUrl(env: Pick<Env, 'PUBLIC_URL' | 'publicUrl' | 'PORT'>, listeningPort: number = env.PORT): string {
  return env.PUBLIC_URL ? env.publicUrl : `http://localhost:${listeningPort}`;
}

/** Parses process.env once; a bad value stops the start-up with a list of what is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const secureCookies = env.NODE_ENV === 'production' && !env.INSECURE_HTTP;
  const development = env.NODE_ENV === 'development';
  return {
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    LOG_FORMAT: env.LOG_FORMAT ?? (development ? 'pretty' : 'json'),
    // The demo's office address in development, so the sign-in page's 'contact us' is a link as it would be live.
    BUSINESS_CONTACT_EMAIL: env.BUSINESS_CONTACT_EMAIL ?? (development ? DEMO_CONTACT_EMAIL : undefined),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) ?? false,
    STAFF_TWO_STEP: env.STAFF_TWO_STEP ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    secureCookies,
    sessionCookieName: secureCookies ? '__Host-nb_session' : 'nb_session',
    dataDir: path.resolve(projectRoot, env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM ?? `"${env.BUSINESS_NAME.replace(/"/g, '')}" <no-reply@localhost>`,
    allowedOrigins: env.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}
