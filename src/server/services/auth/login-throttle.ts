import { isIP } from 'node:net';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { HttpError } from '../../http-error';

/*
 * Why the counters are written outside the request's unit of work (docs/decisions/014-unit-of-work.md): an
 * attempt takes its place under the limit before the password is checked, and that place must be committed at
 * once, so that simultaneous guesses see each other, and a failure must outlive the attempt's refusal (a wrong
 * password is a 401, which would roll a unit of work back, and the failure would go uncounted). Holding the
 * counter rows in a transaction through the slow argon2 check would also queue every sign-in behind one
 * address. So every function here takes the database, not a transaction, and writes with single atomic
 * statements (never a transaction of its own); the login and the password change call them before their unit
 * of work opens. The table has no change triggers: nothing is left to announce.
 *
 * Only wrong passwords are failures (issue 29: 30 families signing in at once behind a school's Wi-Fi must not
 * lock it). Each counter row keeps `failures` (wrong passwords in the window) and `pending` (attempts being
 * checked right now). An attempt is let through only while failures + pending stay under the limit, in one
 * atomic upsert, so no more than the limit of guesses can ever be checked in a window, however many arrive at
 * once. When the others in flight were right, their places come back and the waiting attempt goes on; when
 * they were wrong, they are failures and it is refused. A refusal (429) counts as nothing.
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

/** How long an attempt's place stays held if its instance never gives it back (it died mid-check). */
const PENDING_SECONDS = 30;
/** How long an attempt waits for the attempts ahead of it (each a password check, tens of ms) before a 429. */
const WAIT_FOR_PLACE_MS = 20_000;

/** Refused after waiting WAIT_FOR_PLACE_MS behind other attempts still being checked (not counted either). */
export const SIGN_INS_BUSY = 'Too many sign-in attempts at the same time. Please try again in a minute.';

type Admission = 'admitted' | 'locked' | 'busy';

interface Counter {
  failures: number;
  pending: number;
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** The key's failures in the current window (0 once the window has run out). */
const failuresNow = (now: Date) =>
  sql<number>`(case when ${loginFailures.windowStartedAt} <= ${iso(new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000))} then 0 else ${loginFailures.failures} end)`;
/** The key's attempts being checked now (0 once pending_until has passed). */
const pendingNow = (now: Date) => sql<number>`(case when ${loginFailures.pendingUntil} > ${iso(now)} then ${loginFailures.pending} else 0 end)`;

/** Where a counter stands against its limit: room for one more, locked by failures, or full of attempts in flight. */
function standing(counter: Counter | undefined, limit: number): Admission {
  if (!counter) return 'admitted';
  if (counter.failures >= limit) return 'locked';
  return counter.failures + counter.pending >= limit ? 'busy' : 'admitted';
}

/** The keys' counters as they are now, in one read (a waiting attempt looks before it writes). */
async function look(db: Database, keys: string[], now: Date): Promise<Map<string, Counter>> {
  const rows = await db
    .select({ key: loginFailures.key, failures: failuresNow(now).mapWith(Number), pending: pendingNow(now).mapWith(Number) })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  return new Map(rows.map(({ key, ...counter }) => [key, counter]));
}

/**
 * Takes a place under the key's limit, in one atomic upsert: only while its failures in the window plus the
 * attempts being checked stay under `limit`. False when another attempt took the last place first.
 */
async function takePlace(db: Database, key: string, limit: number, now: Date): Promise<boolean> {
  const pendingUntil = new Date(now.getTime() + PENDING_SECONDS * 1000);
  const taken = await db
    .insert(loginFailures)
    .values({ key, failures: 0, windowStartedAt: now, pending: 1, pendingUntil })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: { pending: sql`${pendingNow(now)} + 1`, pendingUntil },
      setWhere: sql`${failuresNow(now)} + ${pendingNow(now)} < ${limit}`,
    })
    .returning({ key: loginFailures.key });
  return taken.length > 0;
}

/** This instance's attempts waiting for a place on a key, first come first served. */
const waiting = new Map<string, Array<() => void>>();

/** A place on the key was given back: the attempt that has waited longest for it looks again at once. */
function placeGivenBack(key: string): void {
  waiting.get(key)?.[0]?.();
}

/**
 * Resolves when this instance gives back a place on the key and this is the first attempt waiting for it, or
 * after `ms` (another instance may have given one back).
 */
function nextChance(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      const queue = waiting.get(key) ?? [];
      queue.splice(queue.indexOf(wake), 1);
      if (!queue.length) waiting.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    waiting.set(key, [...(waiting.get(key) ?? []), wake]);
  });
}

/** One wrong password on the key (a new window starts with the first failure), giving back its place if it held one. */
async function recordFailure(db: Database, key: string, now: Date, heldPlace: boolean): Promise<void> {
  const restart = sql`(${failuresNow(now)} = 0)`;
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${restart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${restart} then ${iso(now)} else ${loginFailures.windowStartedAt} end`,
        ...(heldPlace ? { pending: sql`greatest(${loginFailures.pending} - 1, 0)` } : {}),
      },
    });
  if (heldPlace) placeGivenBack(key);
}

/** Gives back the key's place (if held) and, with `clear`, forgets its failures; a row left empty is deleted. */
async function giveBack(db: Database, key: string, now: Date, options: { heldPlace: boolean; clear: boolean }): Promise<void> {
  if (options.heldPlace || options.clear) {
    await db
      .update(loginFailures)
      .set({
        ...(options.heldPlace ? { pending: sql`greatest(${loginFailures.pending} - 1, 0)` } : {}),
        ...(options.clear ? { failures: 0 } : {}),
      })
      .where(eq(loginFailures.key, key));
  }
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.key, key), eq(loginFailures.failures, 0), or(eq(loginFailures.pending, 0), lte(loginFailures.pendingUntil, now))));
  if (options.heldPlace) placeGivenBack(key);
}

export interface LoginAttempt {
  /** The password was right: the account's (and device's) failures are cleared and the places given back. */
  succeeded(): Promise<void>;
  /** A wrong password (or an account that cannot sign in): one failure on each counter. */
  failed(): Promise<void>;
  /** The check itself broke: the places are given back and nothing is counted. */
  abandoned(): Promise<void>;
}

/**
 * Tries `tryOnce` until it gets its places: 429 with `lockedMessage` at once when a counter is locked by
 * failures; while the places are taken by attempts still being checked, waits for one to be given back (up to
 * WAIT_FOR_PLACE_MS, then 429 SIGN_INS_BUSY, counted as nothing either).
 */
async function waitForPlace(tryOnce: () => Promise<LoginAttempt | 'locked' | { busy: string }>, lockedMessage: string): Promise<LoginAttempt> {
  const deadline = performance.now() + WAIT_FOR_PLACE_MS;
  for (let round = 0; ; round++) {
    const result = await tryOnce();
    if (result === 'locked') throw new HttpError(429, lockedMessage);
    if (!('busy' in result)) return result;
    if (performance.now() >= deadline) throw new HttpError(429, SIGN_INS_BUSY);
    // Woken when this instance gives a place on that key back; else after 20, 40, 80, 160, 200 … ms, with jitter.
    await nextChance(result.busy, Math.min(200, 20 * 2 ** round) * (0.5 + Math.random()));
  }
}

/**
 * Takes a sign-in attempt's places on the address's and the account's counters (or, while the account is
 * locked, on the trusted device's, when the client presented one of this account's device cookies) before the
 * password is checked. 429 when the address is locked by failures, or the account is and no trusted device
 * under its own limit came along. So a correct password from a device that signed into the account before gets
 * past a lock that someone else's guesses caused; a wrong one from it is still a failure (of the account, the
 * address and the device), and a device that keeps failing loses its pass. Attempts beyond a limit that arrive
 * while others are still being checked wait for them.
 */
export async function reserveLoginAttempt(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
  trustedDevice?: { tokenHash: string } | null,
): Promise<LoginAttempt> {
  const address = addressKey(ip);
  const account = accountKey(email);
  const device = trustedDevice ? deviceKey(trustedDevice.tokenHash) : null;

  const attempt = (through: 'account' | 'device'): LoginAttempt => {
    const held = { account: through === 'account', device: through === 'device' };
    return {
      async succeeded() {
        await giveBack(db, address, now, { heldPlace: true, clear: false });
        await giveBack(db, account, now, { heldPlace: held.account, clear: true });
        if (device) await giveBack(db, device, now, { heldPlace: held.device, clear: true });
      },
      async failed() {
        await recordFailure(db, address, now, true);
        await recordFailure(db, account, now, held.account);
        if (device) await recordFailure(db, device, now, held.device);
      },
      async abandoned() {
        await giveBack(db, address, now, { heldPlace: true, clear: false });
        if (held.account) await giveBack(db, account, now, { heldPlace: true, clear: false });
        if (held.device && device) await giveBack(db, device, now, { heldPlace: true, clear: false });
      },
    };
  };

  return waitForPlace(async () => {
    const counters = await look(db, device ? [address, account, device] : [address, account], now);
    const byAddress = standing(counters.get(address), LOGIN_LIMITS.perAddress);
    if (byAddress !== 'admitted') return byAddress === 'locked' ? 'locked' : { busy: address };
    let through: 'account' | 'device' = 'account';
    const byAccount = standing(counters.get(account), LOGIN_LIMITS.perAccount);
    if (byAccount === 'locked' && device) {
      const byDevice = standing(counters.get(device), LOGIN_LIMITS.perTrustedDevice);
      if (byDevice !== 'admitted') return byDevice === 'locked' ? 'locked' : { busy: device };
      through = 'device';
    } else if (byAccount !== 'admitted') {
      return byAccount === 'locked' ? 'locked' : { busy: account };
    }
    // There was room a moment ago: take the places for real (atomically), or look again.
    if (!(await takePlace(db, address, LOGIN_LIMITS.perAddress, now))) return { busy: address };
    const [key, limit] = through === 'account' ? [account, LOGIN_LIMITS.perAccount] : [device!, LOGIN_LIMITS.perTrustedDevice];
    if (!(await takePlace(db, key, limit, now))) {
      await giveBack(db, address, now, { heldPlace: true, clear: false });
      return { busy: key };
    }
    return attempt(through);
  }, TOO_MANY_SIGN_INS);
}

/**
 * Takes a check of the signed-in user's current password (POST /api/me/change-password) on the same
 * per-account counter as the sign-in, so a stolen session cannot guess the password either.
 */
export async function reservePasswordCheck(db: Database, email: string, now = new Date()): Promise<LoginAttempt> {
  const account = accountKey(email);
  const attempt: LoginAttempt = {
    succeeded: () => giveBack(db, account, now, { heldPlace: true, clear: true }),
    failed: () => recordFailure(db, account, now, true),
    abandoned: () => giveBack(db, account, now, { heldPlace: true, clear: false }),
  };
  return waitForPlace(
    async () => {
      const byAccount = standing((await look(db, [account], now)).get(account), LOGIN_LIMITS.perAccount);
      if (byAccount === 'locked') return 'locked';
      if (byAccount === 'busy' || !(await takePlace(db, account, LOGIN_LIMITS.perAccount, now))) return { busy: account };
      return attempt;
    },
    `Too many incorrect passwords. Please wait ${LOGIN_LIMITS.windowMinutes} minutes and try again.`,
  );
}
