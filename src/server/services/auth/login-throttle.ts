import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { HttpError } from '../../http-error';

/*
 * Why the counters are written outside the request's unit of work (docs/decisions/014-unit-of-work.md): an
 * attempt is reserved before the password is checked, and that reservation must be committed at once, so that
 * simultaneous guesses see each other's counts, and must outlive the attempt's refusal (a wrong password is a
 * 401, which would roll a unit of work back, and the failure would go uncounted). Holding the counter rows in
 * a transaction through the slow argon2 check would also queue every sign-in behind one address. So every
 * function here takes the database, not a transaction, and writes with single atomic statements (never a
 * transaction of its own); the login and the password change call them before their unit of work opens. The
 * table has no change triggers: nothing is left to announce.
 */

/**
 * Failed sign-ins allowed in one window, per account and per client address; and per trusted device, the
 * failures a device that signed into the account before may make while the account is locked (see below).
 */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, perTrustedDevice: 5, windowMinutes: 15 } as const;

export const TOO_MANY_SIGN_INS = `Too many failed sign-in attempts. Please wait ${LOGIN_LIMITS.windowMinutes} minutes and try again.`;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/** The per-device throttle key of a trusted device (by its stored token hash, never the token). */
export const deviceKey = (tokenHash: string) => `device:${tokenHash}`;

/**
 * The per-address throttle key: an IPv4 address as it is (an IPv4-mapped IPv6 address `::ffff:a.b.c.d` counts
 * as that IPv4 address); an IPv6 address by its /64 prefix, the block one home or phone is usually given, so
 * a client cannot escape the limit by rotating addresses inside its own block.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().replace(/^\[|\]$/g, '');
  const withoutZone = address.split('%')[0] ?? address;
  if (isIP(withoutZone) === 4) return `address:${withoutZone}`;
  if (isIP(withoutZone) !== 6) return `address:${address.toLowerCase()}`;
  const groups = expandIpv6(withoutZone);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `address:${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `address:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => 0);
  return [...left, ...zeros, ...right];
}

interface Reservation {
  key: string;
  failures: number;
  windowStartedAt: Date;
}

/**
 * Reserves one attempt for each key in one atomic upsert (a window that has run out starts again at 1) and
 * returns the new counts. Simultaneous attempts each get their own number, so no more than the limit can get
 * past the check, however many arrive at once.
 */
async function reserve(db: Database, keys: string[], now: Date): Promise<Reservation[]> {
  const windowStart = sql`${new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000).toISOString()}::timestamptz`;
  const startedNow = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key, failures: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} <= ${windowStart} then ${startedNow} else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning({ key: loginFailures.key, failures: loginFailures.failures, windowStartedAt: loginFailures.windowStartedAt });
  return keys.map((key) => rows.find((row) => row.key === key)!);
}

export interface LoginAttempt {
  /** Clears the account's counter and gives the address back its reserved attempt (a success is no failure). */
  succeeded(): Promise<void>;
}

/**
 * Reserves a sign-in attempt for the account and the client address (and the trusted device, when the
 * client presented one of this account's device cookies) before the password is checked, in one atomic
 * upsert, and refuses it with 429 when the address is over its limit, or the account is over its limit and no
 * trusted device under its own limit came along. So a correct password from a device that signed into the
 * account before gets past a lock that someone else's guesses caused; a wrong one from it is still a counted
 * failure (of the account, the address and the device), and a device that keeps failing loses its pass. A
 * failed attempt simply keeps its reservation.
 */
export async function reserveLoginAttempt(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
  trustedDevice?: { tokenHash: string } | null,
): Promise<LoginAttempt> {
  const keys = [accountKey(email), addressKey(ip), ...(trustedDevice ? [deviceKey(trustedDevice.tokenHash)] : [])];
  const [account, address, device] = await reserve(db, keys, now);
  const accountLocked = account!.failures > LOGIN_LIMITS.perAccount;
  const deviceMayPass = device !== undefined && device.failures <= LOGIN_LIMITS.perTrustedDevice;
  if (address!.failures > LOGIN_LIMITS.perAddress || (accountLocked && !deviceMayPass)) {
    throw new HttpError(429, TOO_MANY_SIGN_INS);
  }
  return {
    async succeeded() {
      await clearAccountFailures(db, email);
      if (device) await db.delete(loginFailures).where(eq(loginFailures.key, device.key));
      await db
        .update(loginFailures)
        .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
        .where(and(eq(loginFailures.key, address!.key), eq(loginFailures.windowStartedAt, address!.windowStartedAt)));
    },
  };
}

/**
 * Reserves a check of the signed-in user's current password (POST /api/me/change-password) on the same
 * per-account counter as the sign-in, so a stolen session cannot guess the password either.
 */
export async function reservePasswordCheck(db: Database, email: string, now = new Date()): Promise<LoginAttempt> {
  const [account] = await reserve(db, [accountKey(email)], now);
  if (account!.failures > LOGIN_LIMITS.perAccount) {
    throw new HttpError(
      429,
      `Too many incorrect passwords. Please wait ${LOGIN_LIMITS.windowMinutes} minutes and try again.`,
    );
  }
  return { succeeded: () => clearAccountFailures(db, email) };
}

/** A successful sign-in clears the account's counter (the address keeps its own). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
