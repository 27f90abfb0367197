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

/**
 * Query-string parameter names whose values are secrets (the set-password link's token, keys, signatures), judged
 * on the name as the server reads it (escapes decoded, any case): `?t%6fken=` is the token too.
 */
const SECRET_QUERY_NAME = /^(?:key|sig|pw|pwd|pass)$|token|secret|passw|signature|api[-_]?key/i;
/** How many rounds of percent escapes are undone when judging an address (`%2561` is `%61` is `a`). */
const MAX_DECODE_ROUNDS = 5;

/**
 * A piece of an address with its percent escapes undone (repeatedly, for double escapes), for judging only: a run
 * of escapes that is not valid UTF-8 has only its ASCII escapes undone.
 */
function decodedForJudging(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The address's path without the secret token of a family's calendar feed (issue 22): judged once decoded and
 * normalised (escapes undone, repeated slashes and `.`/`..` segments resolved, any case), so `/api//calendar/…`,
 * `/api/./calendar/…` and `/%61pi/calendar/…` all print as /api/calendar/[redacted] (issue 29). Whatever follows
 * a `calendar` segment is dropped; any other path is printed as written.
 */
function withoutCalendarFeedToken(path: string): string {
  const segments: string[] = [];
  for (const segment of decodedForJudging(path).split(/[\\/]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const at = segments.findIndex((segment, index) => segment.toLowerCase() === 'calendar' && index < segments.length - 1);
  if (at === -1) return path;
  return `/${[...segments.slice(0, at), 'calendar'].join('/').toLowerCase()}/[redacted]`;
}

/** The query string with the value of every secret parameter replaced; the names stay as written. */
function withoutSecretQueryValues(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals === -1 ? part : part.slice(0, equals);
      // The name as the query parser reads it; an escaped '=' inside it still hides what follows.
      const decoded = decodedForJudging(rawName.replaceAll('+', ' '));
      const name = decoded.split('=')[0]!.trim();
      if (!SECRET_QUERY_NAME.test(name)) return part;
      return decoded.includes('=') ? '[redacted]' : `${rawName}=[redacted]`;
    })
    .join('&');
}

/**
 * The address as the log shows it: the calendar feed's token and the values of secret query parameters replaced,
 * judged after decoding and normalising (see above). Exported for its tests.
 */
export function redactedUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const rest = cut === -1 ? '' : url.slice(cut);
  const hash = rest.indexOf('#');
  const query = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 ? '' : '#[redacted]';
  return withoutCalendarFeedToken(path) + (query ? `?${withoutSecretQueryValues(query.slice(1))}` : '') + fragment;
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
    url: typeof req.url === 'string' ? redactedUrl(req.url) : req.url,
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

/**
 * Where the server's log lines go: pino's JSON lines to stdout (undefined: Fastify's default), or with LOG_FORMAT=pretty
 * (the default in development) one readable line each through pino-pretty, a development dependency. Redaction and the
 * serialisers above run before either. Without pino-pretty installed (a production install), JSON, with a warning.
 */
export async function logStream(
  env: Pick<Env, 'LOG_FORMAT'>,
  destination: NodeJS.WritableStream = process.stdout,
): Promise<NodeJS.WritableStream | undefined> {
  if (env.LOG_FORMAT !== 'pretty') return undefined;
  try {
    const { default: pretty } = await import('pino-pretty');
    const colorize = destination === process.stdout && Boolean(process.stdout.isTTY);
    return pretty({ colorize, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, destination });
  } catch {
    process.stderr.write('LOG_FORMAT=pretty needs pino-pretty (a development dependency: npm install); logging JSON lines instead.\n');
    return undefined;
  }
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
