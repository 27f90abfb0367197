import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { createClassType, createParent, createSession, nextTorontoWeekAt } from './test-support/fixtures';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import { openSignIn, sendWithToken } from './test-support/sign-in-as';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { createTestDatabase } from './test-support/test-database';

// Issue 29, item 15 (docs/decisions/022-lock-order-and-retries.md): two instances on one PostgreSQL database under a
// booking, cancel and reschedule load across shared sessions, each family acting from a browser on each instance at
// once. Their grouped statements lock sessions, children and bookings; taken in different orders they deadlocked
// and the losers' parents got a 500. Every answer must be a success or a refusal, PostgreSQL must have detected no
// deadlock at all, and the counts must hold.

const FAMILIES = 12;
const SESSIONS = 6;
/** Requests each browser sends (two browsers a family, one on each instance). */
const REQUESTS_PER_BROWSER = 40;
const SAME_SESSION = 'Choose a different session to reschedule to';

describe('booking load through two instances on one PostgreSQL database', () => {
  let database: DatabaseHandle & { url: string | null };
  let sink: SmtpSink;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const env = { DATABASE_URL: database.url!, SMTP_URL: sink.url, PUBLIC_URL: 'http://portal.test', SEED_DEMO_DATA: 'false' };
    const started = await Promise.allSettled([startServerProcess({ env }), startServerProcess({ env })]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await sink?.close();
    await database?.close();
  }, 60_000);

  it('answers every booking, cancellation and reschedule with a success or a refusal (no 500), and the counts stay consistent', async () => {
    const db = database.db;
    const classType = await createClassType(db);
    // All in next Toronto week (always inside the booking window, never started): the weekly limits bind.
    const now = new Date();
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) => createSession(db, { classTypeId: classType.id, startsAt: nextTorontoWeekAt(now, i, 17), capacity: 12 })),
    );
    const families = await Promise.all(
      Array.from({ length: FAMILIES }, async (_, f) => {
        const names = [`Ada${f}`, `Bo${f}`, `Cy${f}`];
        const parent = await createParent(db, names.map((name) => [name, 4] as [string, number]), `load${f}`);
        // Two browsers a family: one on each instance.
        const tokens = [(await openSignIn(db, parent.id)).token, (await openSignIn(db, parent.id)).token];
        return { names, tokens, bookings: new Map<string, string>() };
      }),
    );

    // A small generator with a fixed seed (the interleaving is the machine's).
    let seed = 2915;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const statuses = new Map<number, number>();
    const failures: string[] = [];

    async function browse(family: (typeof families)[number], instance: number) {
      const server = servers[instance]!;
      for (let n = 0; n < REQUESTS_PER_BROWSER; n++) {
        const choice = random(10);
        const owned = [...family.bookings.keys()];
        const booking = owned[random(owned.length)]!;
        let request: { method: string; path: string; body?: unknown };
        if (choice < 4 || owned.length === 0) {
          const first = random(3);
          const childNames = random(2) ? [family.names[first]!] : [family.names[first]!, family.names[(first + 1) % 3]!];
          request = { method: 'POST', path: '/api/bookings', body: { sessionId: sessions[random(SESSIONS)]!.id, childNames } };
        } else if (choice < 7) {
          request = { method: 'POST', path: `/api/bookings/${booking}/cancel` };
        } else {
          const others = sessions.filter((session) => session.id !== family.bookings.get(booking));
          request = { method: 'POST', path: `/api/bookings/${booking}/reschedule`, body: { newSessionId: others[random(others.length)]!.id } };
        }
        const response = await sendWithToken(server.baseUrl, family.tokens[instance]!, request);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // A refusal is 409, or 400 for a move to the session the booking is in (the family's other browser moved it).
        const refused = response.status === 409 || (response.status === 400 && (response.body as { message: string }).message === SAME_SESSION);
        if (![200, 201].includes(response.status) && !refused) {
          failures.push(`${request.method} ${request.path}: ${response.status} ${JSON.stringify(response.body)}`);
        }
        const answer = response.body as { id: string; status: string; sessionId: string };
        if (response.status === 201 || (response.status === 200 && answer.status === 'CONFIRMED')) family.bookings.set(answer.id, answer.sessionId);
        if (response.status === 200 && answer.status === 'CANCELLED') family.bookings.delete(answer.id);
      }
    }

    await Promise.all(families.flatMap((family) => [browse(family, 0), browse(family, 1)]));

    expect(failures).toEqual([]);
    // Not one deadlock, not even one a retry or a group's members run alone would have hidden from the parents:
    // PostgreSQL counts them per database (a server's connections report theirs when they close).
    await Promise.all(servers.map((server) => server.stop()));
    const stats = await db.execute(sql`select pg_stat_clear_snapshot(), (select deadlocks from pg_stat_database where datname = current_database())::int as deadlocks`);
    expect((stats as unknown as { rows: Array<{ deadlocks: number }> }).rows[0]!.deadlocks).toBe(0);
    // The load did book, cancel and move (not only refusals).
    expect(statuses.get(201)).toBeGreaterThan(100);
    expect(statuses.get(200)).toBeGreaterThan(100);

    // Each session's count is its confirmed booking children, and never above its capacity.
    const counts = await db.execute(sql`
      select s.id, s.capacity, s.booked_count,
             (select count(*)::int from booking_children bc join bookings b on b.id = bc.booking_id
              where b.session_id = s.id and b.status = 'CONFIRMED') as spots
      from sessions s where s.class_type_id = ${classType.id}`);
    const rows = (counts as unknown as { rows: Array<{ capacity: number; booked_count: number; spots: number }> }).rows;
    expect(rows).toHaveLength(SESSIONS);
    for (const row of rows) {
      expect(row.booked_count).toBe(row.spots);
      expect(row.booked_count).toBeLessThanOrEqual(row.capacity);
    }
    // No child over their weekly limit (every session is in one Toronto week), nor booked twice into one session.
    const over = await db.execute(sql`
      select c.name, c.weekly_limit, count(*)::int as used, count(distinct b.session_id)::int as sessions
      from booking_children bc join bookings b on b.id = bc.booking_id join children c on c.id = bc.child_id
      join sessions s on s.id = b.session_id
      where b.status = 'CONFIRMED' and s.class_type_id = ${classType.id}
      group by c.id, c.name, c.weekly_limit
      having count(*) > c.weekly_limit or count(*) <> count(distinct b.session_id)`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 240_000);
});
