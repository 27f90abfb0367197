import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';
import type { Env } from './env';

/**
 * Fields of an error that carry the values of a failed query (e-mails, password and token hashes) rather
 * than what went wrong: Drizzle's DrizzleQueryError has `query` and `params`, PGlite's errors `query`,
 * `params` and `queryOptions`, PostgreSQL's `detail` names the offending value ('Key (email)=(…) already
 * exists'). The PostgreSQL code, constraint, table and column stay.
 */
const QUERY_VALUE_FIELDS = new Set(['params', 'parameters', 'query', 'queryOptions', 'detail', 'internalQuery', 'where']);
/** How deep a chain of causes is followed. */
const MAX_CAUSE_DEPTH = 5;

/** Drizzle writes `Failed query: <sql>\nparams: <values>`: the values go, the SQL (placeholders only) stays. */
export function withoutQueryParams(text: string): string {
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Serialises an error for the log without the values of a failed query: the fields above are dropped, the
 * 'params: …' tail of Drizzle's message is cut from the message and from the stack's first lines, and the
 * cause is serialised the same way. Accepts anything (a plain object already serialised is cleaned again).
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: String(err), stack: '' };
  const source = err as Record<string, unknown> & { message?: unknown; stack?: unknown; name?: unknown };
  const rawMessage = typeof source.message === 'string' ? source.message : '';
  const out: SerializedError = {
    type: err instanceof Error ? err.constructor.name || err.name : typeof source.type === 'string' ? source.type : 'Object',
    message: withoutQueryParams(rawMessage),
    stack: '',
  };
  if (typeof source.stack === 'string') {
    // The stack starts with '<name>: <message>' (where the values are), then the frames.
    const stack = rawMessage ? source.stack.replace(rawMessage, () => out.message) : source.stack;
    const frames = stack.indexOf('\n    at ');
    out.stack = frames === -1 ? withoutQueryParams(stack) : withoutQueryParams(stack.slice(0, frames)) + stack.slice(frames);
  }
  for (const [key, value] of Object.entries(source)) {
    if (key === 'message' || key === 'stack' || key === 'type' || key === 'cause' || QUERY_VALUE_FIELDS.has(key)) continue;
    if (value === undefined || typeof value === 'function') continue;
    out[key] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/** Query-string parameters whose values are secrets (the set-password link's token). */
const SECRET_QUERY_PARAMS = /([?&](?:token|secret|password|key|signature)=)[^&#]*/gi;

/**
 * The address without the secret token of a family's calendar feed (issue 22): /api/calendar/<token>.ics, also
 * when spelt with escapes (`/%61pi/…` reaches the same route), becomes /api/calendar/[redacted].
 */
function withoutCalendarFeedToken(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as written.
  }
  if (!/^\/api\/calendar\//i.test(decoded)) return url;
  return `/api/calendar/[redacted]${cut === -1 ? '' : url.slice(cut)}`;
}

/** A request as the log shows it: the address with secret query values and the calendar feed's token replaced. */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? withoutCalendarFeedToken(req.url).replace(SECRET_QUERY_PARAMS, '$1[redacted]') : req.url,
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The server's pino options: level, secrets redacted from request/response logs, and errors serialised
 * without the values of a failed query (serializeError).
 */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      err: (err: unknown) => serializeError(err),
      error: (err: unknown) => serializeError(err),
      req: serializeRequest,
    },
  };
}

const PINO_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/**
 * Log lines written before the app's logger exists (the start-up's wait for the database), in the same JSON form
 * as pino's, honouring LOG_LEVEL.
 */
export function startupLogger(env: Pick<Env, 'LOG_LEVEL'>) {
  return (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void => {
    if (PINO_LEVELS[level] < PINO_LEVELS[env.LOG_LEVEL]) return;
    const line = JSON.stringify({ level: PINO_LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg });
    (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };
}
