/**
 * What a failed database call says about the database rather than about the request (issue 29): the answer is
 * then a 503 with the portal's message, never a 500.
 *
 * - `unavailable`: the database cannot be reached or did not answer in time: refused or lost connections, a
 *   restart or shutdown (SQLSTATE class 08, 57P01–57P03), too many connections (53300), out of memory (53200), a
 *   statement cancelled by `statement_timeout` (57014), a read-only server (25006, a standby after a failover),
 *   the pool's connection timeout or the client's query timeout (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS).
 * - `disk-full`: the database could not store a change for lack of disk space (53100, ENOSPC, EDQUOT).
 * - `null`: anything else (a bug, a constraint): the caller's usual handling.
 */
export type DatabaseTrouble = 'unavailable' | 'disk-full';

const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '53200', '25006']);
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres and pg-pool errors without a code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** How deep a chain of causes is followed (Drizzle wraps the driver's error in `cause`). */
const MAX_DEPTH = 5;

export function databaseTrouble(error: unknown): DatabaseTrouble | null {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (DISK_FULL_CODES.has(code)) return 'disk-full';
      if (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return 'unavailable';
    }
    if (typeof message === 'string') {
      if (/No space left on device|Disk quota exceeded/.test(message)) return 'disk-full';
      if (UNAVAILABLE_MESSAGES.test(message)) return 'unavailable';
    }
    // A connection refused on every address of a host name (IPv4 and IPv6) is an AggregateError.
    if (Array.isArray(errors) && errors.length) {
      const troubles = errors.map((inner) => databaseTrouble(inner));
      if (troubles.every((trouble) => trouble === 'unavailable')) return 'unavailable';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The exit code of an instance whose start-up found the database unreachable (EX_TEMPFAIL): `npm run
 * start:cluster` keeps starting such a worker again, with back-off, instead of counting it as a broken start-up.
 */
export const EXIT_DATABASE_UNREACHABLE = 75;
