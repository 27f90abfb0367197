/**
 * The databases under test and the rows the benchmark puts in them before the server starts: a fresh
 * PostgreSQL database (created on the server of DATABASE_URL / --pg-url, dropped after) or a fresh PGlite
 * folder (locked to one process, so it is filled before the server opens it), the demo data (the project's
 * own seed), sign-ins opened straight in auth_sessions with the project's token helpers, many bench parents
 * for the booking rush, and the large data set loaded with set-based SQL.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { addDays } from 'date-fns';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { authSessions } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/services/auth/password';
import { hashSessionToken, newSessionToken } from '../../src/server/services/auth/session-token';
import { startOfTorontoWeek } from '../../src/shared/rules/week';
import { FIRST, SYLLABLES } from './names';

export type DbKind = 'postgres' | 'pglite';

/** Plain SQL on the bench's own connection (one session: temp tables live across calls). */
export interface RawSql {
  exec(text: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface BenchDatabase {
  kind: DbKind;
  /** The server's DATA_DIR (PGlite files, e-mail outbox, the server log). */
  dataDir: string;
  /** DATABASE_URL for the server (PostgreSQL only). */
  url: string | undefined;
  /** Opens the database from the bench process (PGlite: only while no server has it open). */
  open(): Promise<OpenDatabase>;
  drop(): Promise<void>;
}

export interface OpenDatabase {
  handle: DatabaseHandle;
  raw: RawSql;
  close(): Promise<void>;
}

/** Databases created and not dropped yet (dropped on Ctrl-C too). */
const undropped = new Set<BenchDatabase>();

export async function dropAllBenchDatabases(): Promise<void> {
  for (const db of [...undropped]) await db.drop().catch(() => undefined);
}

export async function createBenchDatabase(kind: DbKind, folder: string, name: string, pgServerUrl?: string): Promise<BenchDatabase> {
  const db = await makeBenchDatabase(kind, folder, name, pgServerUrl);
  const drop = db.drop.bind(db);
  const tracked: BenchDatabase = {
    ...db,
    async drop() {
      undropped.delete(tracked);
      await drop();
    },
  };
  undropped.add(tracked);
  return tracked;
}

async function makeBenchDatabase(kind: DbKind, folder: string, name: string, pgServerUrl?: string): Promise<BenchDatabase> {
  const dataDir = path.join(folder, name);
  mkdirSync(dataDir, { recursive: true });
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      url: undefined,
      async open() {
        const handle = await openDatabase({ kind: 'pglite', dataDir });
        const client = (handle.db as unknown as { $client: PGlite }).$client;
        const raw: RawSql = {
          exec: async (text) => {
            await client.exec(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
        };
        return { handle, raw, close: () => handle.close() };
      },
      async drop() {
        // The database files go; the server log and the e-mail outbox stay until the temp folder is removed.
        rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
      },
    };
  }
  if (!pgServerUrl) throw new Error('PostgreSQL needs a server address');
  const dbName = `nb_bench_${name.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: pgServerUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(pgServerUrl);
  url.pathname = `/${dbName}`;
  return {
    kind,
    dataDir,
    url: url.toString(),
    async open() {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const raw: RawSql = {
        exec: async (text) => {
          await client.query(text);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      };
      return {
        handle,
        raw,
        close: async () => {
          await client.end();
          await handle.close();
        },
      };
    },
    async drop() {
      const dropper = new pg.Client({ connectionString: pgServerUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    },
  };
}

export interface SignIn {
  email: string;
  userId: string;
  cookie: string;
}

/** The server's session cookie name with NODE_ENV=production and INSECURE_HTTP=true (env.ts sessionCookieName). */
export const COOKIE_NAME = 'nb_session';

/** Sign-ins stored exactly as the login stores them (the SHA-256 of a fresh token), without the argon2 check. */
export async function openSignIns(db: OpenDatabase, users: Array<{ id: string; email: string }>): Promise<SignIn[]> {
  const signIns = users.map((user) => ({ email: user.email, userId: user.id, token: newSessionToken() }));
  for (let i = 0; i < signIns.length; i += 1000) {
    await db.handle.db.insert(authSessions).values(
      signIns.slice(i, i + 1000).map((s) => ({
        tokenHash: hashSessionToken(s.token),
        userId: s.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
        userAgent: 'bench',
        ipAddress: '127.0.0.1',
      })),
    );
  }
  return signIns.map((s) => ({ email: s.email, userId: s.userId, cookie: `${COOKIE_NAME}=${s.token}` }));
}

export interface DemoSignIns {
  /** Every demo parent (parent@, parent2@, family1..10@example.com), one sign-in each. */
  parents: SignIn[];
  /** parent@example.com (the README's parent). */
  parent: SignIn;
  admin: SignIn;
}

/** The demo data (as SEED_DEMO_DATA would create it) and sign-ins for its parents and its admin. */
export async function seedDemo(db: OpenDatabase, now: Date): Promise<DemoSignIns> {
  await seedDemoData(db.handle.db, now);
  const rows = await db.raw.query<{ id: string; email: string; role: string }>(
    "select id, email, role from users where email like '%@example.com' order by email",
  );
  const parents = await openSignIns(
    db,
    rows.filter((row) => row.role === 'PARENT'),
  );
  const [admin] = await openSignIns(
    db,
    rows.filter((row) => row.email === 'admin@example.com'),
  );
  const parent = parents.find((p) => p.email === 'parent@example.com');
  if (!admin || !parent || parents.length < 10) throw new Error('the demo seed did not create the README accounts');
  return { parents, parent, admin };
}

/** A literal for SQL text built here (our own values only). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export interface BookingFixture {
  /** Parents with one child each ('Runner'), one booking apiece, each with the session it books (at most 90 per 100-spot session). */
  parents: Array<SignIn & { sessionId: string }>;
  /** Sessions next week, capacity 100. */
  sessionIds: string[];
  rushParents: SignIn[];
  rushSessionId: string;
  rushCapacity: number;
}

/**
 * The history under the booking runs (seedLarge before seedBookingFixture): a season of past sessions and
 * bookings, so the tables the booking reads are the size of a portal in use and their statistics say so. On
 * the near-empty demo database, statistics of a few hundred bookings would send PostgreSQL to plans for tiny
 * tables while the run adds ten thousand rows (measured: 40% slower), a state no live portal is in.
 */
export const BOOKING_HISTORY = { sessions: 20_000, families: 5_000, bookings: 40_000 } as const;

/** The booking confirmations in the outbox: how many are queued and how many are sent. */
export async function confirmationMail(url: string): Promise<{ queued: number; sent: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ queued: string; sent: string }>(
      "select count(*) as queued, count(*) filter (where status = 'SENT') as sent from email_outbox where template = 'booking-confirmed'",
    );
    return { queued: Number(rows[0]?.queued ?? 0), sent: Number(rows[0]?.sent ?? 0) };
  } finally {
    await client.end();
  }
}

export interface MailDrain {
  sentDuringRun: number;
  queued: number;
  /** Seconds from the call (after the run and the rush) until every confirmation was sent; null if not within the limit. */
  drainedAfterSeconds: number | null;
}

/** Waits (up to `limitSeconds`) until the server has sent every queued booking confirmation. */
export async function mailDrained(url: string, limitSeconds = 120): Promise<Omit<MailDrain, 'sentDuringRun'>> {
  const started = performance.now();
  for (;;) {
    const { queued, sent } = await confirmationMail(url);
    const seconds = (performance.now() - started) / 1000;
    if (sent >= queued) return { queued, drainedAfterSeconds: Math.round(seconds * 10) / 10 };
    if (seconds > limitSeconds) return { queued, drainedAfterSeconds: null };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Parents for the booking runs (users, one child each, a sign-in each) and sessions with room next week
 * (inside the booking window: this week and next), plus one 20-spot session for the rush.
 */
export async function seedBookingFixture(db: OpenDatabase, now: Date, parentCount: number, rushCount: number, rushCapacity: number): Promise<BookingFixture> {
  const total = parentCount + rushCount;
  const passwordHash = await hashPassword('bench-pass-1');
  await db.raw.exec(`
    insert into users (email, first_name, last_name, role, password_hash)
      select 'bench-' || lpad(g::text, 6, '0') || '@bench.test', 'Bench', 'Parent ' || g, 'PARENT', ${literal(passwordHash)}
      from generate_series(1, ${total}) g;
    insert into families (id, plan_tier, weekly_limit) select id, 'ONE', 2 from users where email like 'bench-%@bench.test';
    update users set family_id = id where email like 'bench-%@bench.test';
    -- A girl of 11 (issue 31: the first class type by code has an age range and is girls-only; a child lacking the
    -- date of birth or sex it needs would be refused, and the run would measure refusals).
    insert into children (family_id, position, name, weekly_limit, birth_date, sex)
      select id, 1, 'Runner', 2, ((timestamptz ${literal(now.toISOString())} at time zone 'America/Toronto')::date - interval '11 years')::date, 'F'
      from users where email like 'bench-%@bench.test';
  `);
  const users = await db.raw.query<{ id: string; email: string }>("select id, email from users where email like 'bench-%@bench.test' order by email");
  const signIns = await openSignIns(db, users);

  // Next Toronto week: 100 spots a session, enough sessions for every parent, at 10-minute steps from 06:00.
  const nextMonday = addDays(startOfTorontoWeek(now), 7).toISOString();
  const sessionCount = Math.ceil(parentCount / 90) + 1;
  await db.raw.exec(`
    insert into sessions (class_type_id, starts_at, ends_at, capacity, location)
      select (select id from class_types order by code limit 1),
             timestamptz ${literal(nextMonday)} + (s % 7) * interval '1 day' + interval '6 hours' + (s / 7) * interval '10 minutes',
             timestamptz ${literal(nextMonday)} + (s % 7) * interval '1 day' + interval '7 hours' + (s / 7) * interval '10 minutes',
             case when s = 0 then ${rushCapacity} else 100 end, 'Bench Hall'
      from generate_series(0, ${sessionCount}) s;
  `);
  const sessions = await db.raw.query<{ id: string; capacity: number }>(
    "select id, capacity from sessions where location = 'Bench Hall' order by starts_at",
  );
  const rush = sessions.find((s) => s.capacity === rushCapacity);
  if (!rush) throw new Error('rush session missing');
  // The families signed up before the rush, as on a live database: their rows are settled (hint bits set) and
  // counted in the statistics, as autovacuum leaves them; otherwise the first read of each fresh row during the
  // timed run pays for it, and autovacuum wakes up in the middle of the run. (On a database without history this
  // would leave statistics of near-empty tables that grow forty-fold during the run: BOOKING_HISTORY.)
  await db.raw.exec('vacuum analyze');
  const sessionIds = sessions.filter((s) => s.id !== rush.id).map((s) => s.id);
  return {
    parents: signIns.slice(0, parentCount).map((signIn, i) => ({ ...signIn, sessionId: sessionIds[i % sessionIds.length]! })),
    rushParents: signIns.slice(parentCount),
    sessionIds,
    rushSessionId: rush.id,
    rushCapacity,
  };
}

export interface BookingCheck {
  /** Sessions whose confirmed spots exceed their capacity. */
  overbooked: number;
  /** Sessions whose booked_count differs from their confirmed booking children. */
  countMismatches: number;
  /** Confirmed bookings of the bench parents outside the rush session. */
  benchBookings: number;
  rushBookings: number;
  rushBookedCount: number;
}

/** After the run, in the database: capacity held everywhere and booked_count matches the confirmed children. */
export async function checkBookings(db: OpenDatabase, fixture: BookingFixture): Promise<BookingCheck> {
  const [row] = await db.raw.query<{ overbooked: string; mismatches: string }>(`
    select count(*) filter (where coalesce(c.spots, 0) > s.capacity or s.booked_count > s.capacity) as overbooked,
           count(*) filter (where coalesce(c.spots, 0) <> s.booked_count) as mismatches
    from sessions s
    left join (
      select b.session_id, count(*) as spots from bookings b join booking_children bc on bc.booking_id = b.id
      where b.status = 'CONFIRMED' group by b.session_id
    ) c on c.session_id = s.id`);
  const [bench] = await db.raw.query<{ n: string }>(
    `select count(*) as n from bookings b join sessions s on s.id = b.session_id
     where b.status = 'CONFIRMED' and s.location = 'Bench Hall' and s.id <> $1`,
    [fixture.rushSessionId],
  );
  const [rush] = await db.raw.query<{ n: string; booked: number }>(
    `select (select count(*) from bookings where session_id = $1 and status = 'CONFIRMED') as n, booked_count as booked from sessions where id = $1`,
    [fixture.rushSessionId],
  );
  return {
    overbooked: Number(row?.overbooked ?? -1),
    countMismatches: Number(row?.mismatches ?? -1),
    benchBookings: Number(bench?.n ?? -1),
    rushBookings: Number(rush?.n ?? -1),
    rushBookedCount: Number(rush?.booked ?? -1),
  };
}

const sqlArray = (items: string[]) => `array[${items.map(literal).join(',')}]`;

export interface LargeCounts {
  sessions: number;
  families: number;
  children: number;
  bookings: number;
  seconds: number;
}

/**
 * The large data set on top of the demo data, with set-based SQL: `sessions` past sessions (100 a day before
 * the demo's first day, so the calendar's and the admin table's windows hold the same sessions as the demo),
 * `families` families with one or two children (names drawn like bench/users-search-plan.ts), and `bookings`
 * confirmed past bookings, 2 per session, spread evenly over the families. parent@example.com gets the
 * history of a typical family too (bookings / families past bookings). Then VACUUM ANALYZE, as autovacuum would.
 */
export async function seedLarge(db: OpenDatabase, now: Date, sizes: { sessions: number; families: number; bookings: number }): Promise<LargeCounts> {
  const started = performance.now();
  const demoFirstMonday = addDays(startOfTorontoWeek(now), -7).toISOString();
  const perDay = 100;
  const days = Math.ceil(sizes.sessions / perDay);
  const passwordHash = await hashPassword('bench-pass-1');
  const perFamily = Math.max(1, Math.round(sizes.bookings / sizes.families));
  await db.raw.exec(`
    create temp table bench_fam as
      select g as n,
        (${sqlArray(FIRST)})[1 + (g * 7) % 60] as first_name,
        initcap((${sqlArray(SYLLABLES)})[1 + g % 25] || (${sqlArray(SYLLABLES)})[1 + (g / 25) % 25] || (${sqlArray(SYLLABLES)})[1 + (g * 3 + g / 625) % 25]) as last_name
      from generate_series(0, ${sizes.families - 1}) g;
    alter table bench_fam add column id uuid;
    update bench_fam set id = gen_random_uuid();
    insert into families (id, plan_tier, weekly_limit, crm_user_id, created_at)
      select id, case when n % 2 = 0 then 'TWO' else 'ONE' end, 3, 'scale-' || n, timestamptz ${literal(demoFirstMonday)} - interval '1500 days'
      from bench_fam;
    insert into users (id, family_id, email, first_name, last_name, role, password_hash, created_at)
      select id, id, lower(first_name || '.' || last_name || '.' || n || '@families.test'), first_name, last_name, 'PARENT',
             ${literal(passwordHash)}, timestamptz ${literal(demoFirstMonday)} - interval '1500 days'
      from bench_fam;
    create temp table bench_kid as
      select f.n, f.id as user_id from bench_fam f;
    insert into children (family_id, position, name, weekly_limit)
      select k.user_id, p, (${sqlArray(FIRST)})[1 + (k.n * 13 + p * 17) % 60], 3
      from bench_kid k cross join generate_series(1, 2) p
      where p = 1 or k.n % 2 = 0;
    alter table bench_kid add column child_id uuid, add column child_name text;
    update bench_kid k set child_id = c.id, child_name = c.name from children c where c.family_id = k.user_id and c.position = 1;
    create index on bench_kid (n);

    create temp table bench_ses as
      select s as k, gen_random_uuid() as id,
             timestamptz ${literal(demoFirstMonday)} - interval '${days} days' + (s / ${perDay}) * interval '1 day'
               + interval '6 hours' + (s % ${perDay}) * interval '9 minutes' as starts_at
      from generate_series(0, ${sizes.sessions - 1}) s;
    insert into sessions (id, class_type_id, starts_at, ends_at, capacity, location, booked_count, status, created_at, updated_at)
      select s.id, ct.id, s.starts_at, s.starts_at + interval '1 hour', 20,
             (array['Main Gym', 'Court 2', 'Field House'])[1 + s.k % 3], 0, 'SCHEDULED', s.starts_at - interval '30 days', s.starts_at - interval '30 days'
      from bench_ses s join (select id, (row_number() over (order by code) - 1)::int as i, count(*) over () as c from class_types) ct on ct.i = s.k % ct.c;
    create index on bench_ses (k);

    create temp table bench_bk as
      select b as n, gen_random_uuid() as id from generate_series(0, ${sizes.bookings - 1}) b;
    insert into bookings (id, family_id, session_id, status, created_at, updated_at)
      select bk.id, k.user_id, s.id, 'CONFIRMED', s.starts_at - interval '3 days', s.starts_at - interval '3 days'
      from bench_bk bk
      join bench_ses s on s.k = (bk.n / 2) % ${sizes.sessions}
      join bench_kid k on k.n = bk.n % ${sizes.families};
    insert into booking_children (booking_id, child_id, child_name, position)
      select bk.id, k.child_id, k.child_name, 0 from bench_bk bk join bench_kid k on k.n = bk.n % ${sizes.families};

    -- parent@example.com: the history of a typical family (Ava, in sessions nobody of that family holds).
    insert into bookings (family_id, session_id, status, created_at, updated_at)
      select u.family_id, s.id, 'CONFIRMED', s.starts_at - interval '2 days', s.starts_at - interval '2 days'
      from users u, bench_ses s
      where u.email = 'parent@example.com' and s.k in (select (g * ${Math.floor(sizes.sessions / perFamily)} + 1) from generate_series(0, ${perFamily - 1}) g);
    insert into booking_children (booking_id, child_id, child_name, position)
      select b.id, c.id, c.name, 0
      from bookings b join users u on u.family_id = b.family_id join children c on c.family_id = u.family_id and c.name = 'Ava'
      where u.email = 'parent@example.com' and not exists (select 1 from booking_children x where x.booking_id = b.id);

    update sessions s set booked_count = c.spots
      from (select b.session_id, count(*) as spots from bookings b join booking_children bc on bc.booking_id = b.id
            where b.status = 'CONFIRMED' group by b.session_id) c
      where c.session_id = s.id and s.booked_count <> c.spots;
    drop table bench_fam, bench_kid, bench_ses, bench_bk;
  `);
  await db.raw.exec('vacuum analyze');
  const [counts] = await db.raw.query<{ sessions: string; families: string; children: string; bookings: string }>(`
    select (select count(*) from sessions) as sessions, (select count(*) from users) as families,
           (select count(*) from children) as children, (select count(*) from bookings) as bookings`);
  return {
    sessions: Number(counts?.sessions),
    families: Number(counts?.families),
    children: Number(counts?.children),
    bookings: Number(counts?.bookings),
    seconds: (performance.now() - started) / 1000,
  };
}
