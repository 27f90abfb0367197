/**
 * `--scenario=week-rush`: the Monday rush on a real week. A few hundred families sign in through the API (their
 * password, argon2 and all) and keep their cookies like a browser; each then books seven sessions of the same
 * Toronto week, one after another (a parent in the booking dialog waits for each answer before the next), among
 * 40 sessions, 50 requests in flight across the families. Some sessions fill up and some children have a weekly
 * limit below seven, so some bookings are refused (409) as the rules say. After the rush the database must hold
 * no session over capacity, every booked_count equal to its confirmed children, no child past their weekly limit,
 * and exactly the bookings that were answered 201. See bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { addDays } from 'date-fns';
import { hashPassword } from '../../src/server/services/auth/password';
import { startOfTorontoWeek } from '../../src/shared/rules/week';
import type { OpenDatabase } from './databases';
import { messageOf, percentile, round } from './util';
import type { CpuSplit, FunctionTimes, WaitSample } from './probes';

/** The shape of one round of the rush (the issue's: a few hundred families, seven bookings each, 40 sessions). */
export const WEEK_RUSH = {
  families: 300,
  bookingsPerFamily: 7,
  sessions: 40,
  /** Every fourth session is small and fills up; the others have room for everyone who picks them. */
  smallCapacity: 45,
  capacity: 90,
  /** Families signed in and booking (in sessions of their own) before the timed rounds: the server's JIT, the pool's plans. */
  warmUpFamilies: 100,
  password: 'bench-pass-1',
} as const;

/** A family of the rush: its sign-in e-mail, its children (as typed in the dialog) and the seven sessions it books, in order. */
export interface RushFamily {
  email: string;
  childNames: string[];
  sessionIds: string[];
}

export interface WeekRushRound {
  location: string;
  families: RushFamily[];
  sessionIds: string[];
}

export interface WeekRushFixture {
  warmUp: WeekRushRound;
  rounds: WeekRushRound[];
  /** Monday 00:00 (Toronto) of the week booked. */
  weekStart: string;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * One round's families and sessions: `families` parents at `location` (one or two children: every fourth family
 * has two, booked together), weekly limits 7 for most, 6 for every tenth family's children and 5 for another tenth
 * (so their sixth and seventh bookings are refused), and `sessions` sessions of next week (Monday to Friday, eight a
 * day), every fourth one small. Each family books seven distinct sessions, spread over the days, in its own order.
 */
async function seedRound(db: OpenDatabase, weekStart: string, location: string, prefix: string, families: number, sessions: number, passwordHash: string, capacity: (s: number) => number): Promise<WeekRushRound> {
  const capacities = Array.from({ length: sessions }, (_, s) => capacity(s));
  await db.raw.exec(`
    insert into users (email, first_name, last_name, role, password_hash)
      select '${prefix}-' || lpad(g::text, 4, '0') || '@rush.test', 'Rush', 'Family ' || g, 'PARENT', ${literal(passwordHash)}
      from generate_series(1, ${families}) g;
    insert into families (id, plan_tier, weekly_limit)
      select id, case when substring(email from '-(\\d+)@')::int % 4 = 0 then 'TWO' else 'ONE' end, 7
      from users where email like '${prefix}-%@rush.test';
    update users set family_id = id where email like '${prefix}-%@rush.test';
    -- Girls of 11 (issue 31: the first class type by code has an age range and is girls-only; a child lacking the
    -- date of birth or sex it needs would be refused).
    insert into children (family_id, position, name, weekly_limit, birth_date, sex)
      select u.id, p, case when p = 1 then 'Kid' else 'Sib' end,
             case when n % 10 = 3 then 5 when n % 10 = 7 then 6 else 7 end,
             ((timestamptz ${literal(weekStart)} at time zone 'America/Toronto')::date - interval '11 years')::date, 'F'
      from (select id, substring(email from '-(\\d+)@')::int as n from users where email like '${prefix}-%@rush.test') u
      cross join generate_series(1, 2) p
      where p = 1 or u.n % 4 = 0;
    insert into sessions (class_type_id, starts_at, ends_at, capacity, location)
      select (select id from class_types order by code limit 1),
             timestamptz ${literal(weekStart)} + (s % 5) * interval '1 day' + interval '8 hours' + (s / 5) * interval '1 hour',
             timestamptz ${literal(weekStart)} + (s % 5) * interval '1 day' + interval '9 hours' + (s / 5) * interval '1 hour',
             (array[${capacities.join(',')}])[s + 1], ${literal(location)}
      from generate_series(0, ${sessions - 1}) s;
  `);
  const sessionRows = await db.raw.query<{ id: string }>(`select id from sessions where location = $1 order by starts_at`, [location]);
  const sessionIds = sessionRows.map((row) => row.id);
  const familyRows = Array.from({ length: families }, (_, i) => i + 1);
  return {
    location,
    sessionIds,
    families: familyRows.map((n) => {
      // Seven distinct sessions: a stride through the 40 (consecutive families start one apart, so every session is
      // picked about as often), visited in an order of the family's own.
      const stride = 6;
      const picks = Array.from({ length: WEEK_RUSH.bookingsPerFamily }, (_, k) => sessionIds[(n * 3 + k * stride) % sessionIds.length]!);
      const rotate = n % picks.length;
      return {
        email: `${prefix}-${String(n).padStart(4, '0')}@rush.test`,
        childNames: n % 4 === 0 ? ['Kid', 'Sib'] : ['Kid'],
        sessionIds: [...picks.slice(rotate), ...picks.slice(0, rotate)],
      };
    }),
  };
}

/** The warm-up families and `rounds` rounds of the rush, all in next week (inside the booking window). */
export async function seedWeekRush(db: OpenDatabase, now: Date, rounds: number, families = WEEK_RUSH.families): Promise<WeekRushFixture> {
  const weekStart = addDays(startOfTorontoWeek(now), 7).toISOString();
  const passwordHash = await hashPassword(WEEK_RUSH.password);
  const warmUp = await seedRound(db, weekStart, 'Rush Warm-up Hall', 'rushwarm', WEEK_RUSH.warmUpFamilies, WEEK_RUSH.sessions, passwordHash, () => 100);
  const timed: WeekRushRound[] = [];
  for (let r = 1; r <= rounds; r++) {
    timed.push(
      await seedRound(db, weekStart, `Rush Hall ${r}`, `rush${r}`, families, WEEK_RUSH.sessions, passwordHash, (s) =>
        s % 4 === 0 ? WEEK_RUSH.smallCapacity : WEEK_RUSH.capacity,
      ),
    );
  }
  // As in the bookings scenario: the families signed up before the rush (settled rows, current statistics).
  await db.raw.exec('vacuum analyze');
  return { warmUp, rounds: timed, weekStart };
}

/** A browser's cookie jar for one origin: what Set-Cookie stored, sent back with every request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      // A cleared cookie (Expires in the past / Max-Age=0) is forgotten.
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

interface Answer {
  status: number;
  text: string;
  ms: number;
}

/**
 * The web app's request as a browser sends it to its own origin: the jar's cookies, `Origin` and
 * `Sec-Fetch-Site: same-origin` on a write (what the CSRF guard checks: plugins/security.ts; the portal has no
 * token, decision 002), JSON with its content type, an Idempotency-Key on a booking.
 */
function request(agent: http.Agent, origin: URL, jar: CookieJar, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const all: Record<string, string> = { accept: 'application/json', ...headers };
  const cookie = jar.header();
  if (cookie) all.cookie = cookie;
  if (method !== 'GET') {
    all.origin = origin.origin;
    all['sec-fetch-site'] = 'same-origin';
  }
  if (body !== undefined) {
    all['content-type'] = 'application/json';
    all['content-length'] = String(Buffer.byteLength(body));
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: origin.hostname, port: origin.port, path, method, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        jar.store(res.headers['set-cookie']);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A family with its browser: the jar filled by its sign-in. */
export interface SignedInFamily extends RushFamily {
  jar: CookieJar;
}

/** `inFlight` workers over `items`, each taking the next item when its last is done. */
async function pool<T>(items: readonly T[], inFlight: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
}

/**
 * Every family signs in through POST /api/auth/login (its password checked with argon2, as a parent's sign-in is)
 * and reads /api/me as the dashboard does; the jar keeps the session and device cookies. A few at a time: the
 * sign-in throttle holds at most twenty attempts of one address at once (docs/product-rules.md), and this is set-up,
 * not the measured rush.
 */
export async function signInFamilies(baseUrl: string, families: readonly RushFamily[], sessionCookie: string): Promise<SignedInFamily[]> {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const signedIn: SignedInFamily[] = [];
  try {
    await pool(families, 8, async (family) => {
      const jar = new CookieJar();
      const login = await request(agent, origin, jar, 'POST', '/api/auth/login', { email: family.email, password: WEEK_RUSH.password });
      if (login.status !== 200 || !jar.has(sessionCookie)) throw new Error(`sign-in of ${family.email}: ${login.status} ${login.text.slice(0, 200)}`);
      const me = await request(agent, origin, jar, 'GET', '/api/me');
      if (me.status !== 200) throw new Error(`/api/me of ${family.email}: ${me.status} ${me.text.slice(0, 200)}`);
      signedIn.push({ ...family, jar });
    });
  } finally {
    agent.destroy();
  }
  // In the fixture's order (the rush takes the families in turn).
  const order = new Map(families.map((family, i) => [family.email, i]));
  return signedIn.sort((a, b) => order.get(a.email)! - order.get(b.email)!);
}

export interface WeekRushRun {
  families: number;
  attempted: number;
  /** 201 answers. */
  booked: number;
  /** 409 answers: the rules refusing (full, not enough spots, a weekly limit), by message. */
  refused: number;
  refusals: Record<string, number>;
  /** Anything else (a 5xx, a 401, a socket error): wrong behaviour. */
  other: number;
  others: Record<string, number>;
  seconds: number;
  bookingsPerSec: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  inFlight: number;
  /** CPU per booking (ms): the portal's process, our database's backends, the load generator (lib/probes.ts). */
  cpuPerBooking?: CpuSplit;
  /** With --probe: what the backends were doing (pg_stat_activity samples). */
  waits?: WaitSample;
  /** With --probe: PL/pgSQL functions' time and the tables' scans per booking (track_functions). */
  functions?: FunctionTimes;
}

/**
 * The rush: `inFlight` browsers at once; each takes the next family that has not booked yet and books its seven
 * sessions one after another (each POST /api/bookings waits for the answer to the one before, as the dialog does),
 * with a fresh Idempotency-Key each, as the web app sends.
 */
export async function weekRush(baseUrl: string, families: readonly SignedInFamily[], options: { inFlight: number }): Promise<WeekRushRun> {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.inFlight });
  const refusals: Record<string, number> = {};
  const others: Record<string, number> = {};
  const times: number[] = [];
  let booked = 0;
  let refused = 0;
  let other = 0;
  const started = performance.now();
  let lastAnswer = started;
  try {
    await pool(families, options.inFlight, async (family) => {
      for (const sessionId of family.sessionIds) {
        let answer: Answer;
        try {
          answer = await request(agent, origin, family.jar, 'POST', '/api/bookings', { sessionId, childNames: family.childNames }, { 'idempotency-key': randomUUID() });
        } catch (error) {
          other++;
          const key = `socket ${error instanceof Error ? error.message : String(error)}`;
          others[key] = (others[key] ?? 0) + 1;
          continue;
        }
        lastAnswer = performance.now();
        times.push(answer.ms);
        if (answer.status === 201) booked++;
        else if (answer.status === 409) {
          refused++;
          const key = messageOf(answer.text).replace(/\b(Kid|Sib)\b/g, '<child>');
          refusals[key] = (refusals[key] ?? 0) + 1;
        } else {
          other++;
          const key = `${answer.status} ${messageOf(answer.text)}`;
          others[key] = (others[key] ?? 0) + 1;
        }
      }
    });
  } finally {
    agent.destroy();
  }
  const seconds = (lastAnswer - started) / 1000;
  const attempted = booked + refused + other;
  return {
    families: families.length,
    attempted,
    booked,
    refused,
    refusals,
    other,
    others,
    seconds: round(seconds, 2),
    bookingsPerSec: round(booked / seconds, 1),
    requestsPerSec: round(attempted / seconds, 1),
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    inFlight: options.inFlight,
  };
}

/** Several rounds as one: their bookings over their summed time. */
export function combineRuns(runs: readonly WeekRushRun[]): WeekRushRun {
  const sum = (pick: (run: WeekRushRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const merge = (pick: (run: WeekRushRun) => Record<string, number>) => {
    const merged: Record<string, number> = {};
    for (const run of runs) for (const [key, count] of Object.entries(pick(run))) merged[key] = (merged[key] ?? 0) + count;
    return merged;
  };
  const seconds = sum((run) => run.seconds);
  return {
    families: sum((run) => run.families),
    attempted: sum((run) => run.attempted),
    booked: sum((run) => run.booked),
    refused: sum((run) => run.refused),
    refusals: merge((run) => run.refusals),
    other: sum((run) => run.other),
    others: merge((run) => run.others),
    seconds: round(seconds, 2),
    bookingsPerSec: round(sum((run) => run.booked) / seconds, 1),
    requestsPerSec: round(sum((run) => run.attempted) / seconds, 1),
    p50: round(Math.max(...runs.map((run) => run.p50))),
    p99: round(Math.max(...runs.map((run) => run.p99))),
    inFlight: runs[0]?.inFlight ?? 0,
  };
}

export interface WeekRushCheck {
  /** Sessions (of the whole database) whose confirmed children exceed their capacity. */
  overbooked: number;
  /** Sessions whose booked_count differs from their confirmed booking children. */
  countMismatches: number;
  /** Children (of the whole database) with more confirmed sessions in a Toronto week than their weekly limit. */
  overWeeklyLimit: number;
  /** Confirmed bookings in the rush's timed sessions (to compare with the 201 answers). */
  rushBookings: number;
  /** Rush sessions that ended full (the small ones should). */
  fullSessions: number;
}

/** After the rush, in the database: capacity, booked_count and weekly limits held everywhere. */
export async function checkWeekRush(db: OpenDatabase, fixture: WeekRushFixture): Promise<WeekRushCheck> {
  const [row] = await db.raw.query<{ overbooked: string; mismatches: string }>(`
    select count(*) filter (where coalesce(c.spots, 0) > s.capacity or s.booked_count > s.capacity) as overbooked,
           count(*) filter (where coalesce(c.spots, 0) <> s.booked_count) as mismatches
    from sessions s
    left join (
      select b.session_id, count(*) as spots from bookings b join booking_children bc on bc.booking_id = b.id
      where b.status = 'CONFIRMED' group by b.session_id
    ) c on c.session_id = s.id`);
  const [limits] = await db.raw.query<{ over: string }>(`
    select count(*) as over from (
      select bc.child_id, portal_toronto_week_start(s.starts_at) as week, count(*) as used
      from booking_children bc join bookings b on b.id = bc.booking_id join sessions s on s.id = b.session_id
      where b.status = 'CONFIRMED' group by bc.child_id, portal_toronto_week_start(s.starts_at)
    ) u join children c on c.id = u.child_id
    where u.used > c.weekly_limit`);
  const locations = fixture.rounds.map((round) => round.location);
  const [rush] = await db.raw.query<{ bookings: string; full: string }>(
    `select (select count(*) from bookings b join sessions s on s.id = b.session_id where b.status = 'CONFIRMED' and s.location = any($1)) as bookings,
            (select count(*) from sessions where location = any($1) and booked_count >= capacity) as full`,
    [locations],
  );
  return {
    overbooked: Number(row?.overbooked ?? -1),
    countMismatches: Number(row?.mismatches ?? -1),
    overWeeklyLimit: Number(limits?.over ?? -1),
    rushBookings: Number(rush?.bookings ?? -1),
    fullSessions: Number(rush?.full ?? -1),
  };
}
