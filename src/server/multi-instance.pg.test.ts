import { randomBytes } from 'node:crypto';
import { addDays } from 'date-fns';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../shared/product';
import type { DatabaseHandle } from './db/client';
import { DEMO_ACCOUNTS } from './db/seed';
import { bookingChildren, bookings, emailOutbox, sessions } from './db/schema';
import { SESSION_COOKIE } from './services/auth/session-token';
import { createClassType, createParent, createSession } from './test-support/fixtures';
import { freePort } from './test-support/free-port';
import { spawnServer, startServerProcess, type ServerProcess } from './test-support/server-process';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { createTestDatabase, runOnServer } from './test-support/test-database';
import { ApiClient } from './test-support/test-server';

// Several portal processes on one PostgreSQL database behave as one portal: what one instance writes
// (a sign-in, a sign-out, a booking, a queued e-mail) every other instance sees, whatever the load balancer does.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('two instances on one PostgreSQL database', () => {
  let database: DatabaseHandle & { url: string | null };
  let sink: SmtpSink;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const env = { DATABASE_URL: database.url!, SMTP_URL: sink.url, PUBLIC_URL: 'http://portal.test', SEED_DEMO_DATA: 'false' };
    const [first, second] = await Promise.allSettled([startServerProcess({ env }), startServerProcess({ env })]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    if (first.status === 'fulfilled') a = first.value;
    if (second.status === 'fulfilled') b = second.value;
    for (const result of [first, second]) if (result.status === 'rejected') throw result.reason;
  }, 180_000);

  afterAll(async () => {
    const stopped = await Promise.all([a?.stop(), b?.stop()]);
    await sink?.close();
    await database?.close();
    // A graceful stop (SIGTERM: close the listener, finish requests, close the pool) ends with exit code 0.
    for (const exit of stopped) if (exit) expect(exit).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('a sign-in made on one instance works on the other, and a sign-out on either ends it on both', async () => {
    const parent = await createParent(database.db, [['Robin', 2]], 'roaming');
    const onA = new ApiClient(a!.baseUrl);
    await onA.login(parent.email, parent.password);
    const token = onA.cookie(SESSION_COOKIE);
    expect(token).toBeTruthy();

    const onB = new ApiClient(b!.baseUrl);
    onB.setCookie(SESSION_COOKIE, token!);
    const me = await onB.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(parent.email);

    expect((await onB.post('/api/auth/logout')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(401);
    // The cookie onA still holds is refused by A too: the sign-in is gone from the shared database. An instance
    // that caches sign-ins hears of the sign-out through PostgreSQL (NOTIFY), so allow it a moment, no more.
    const afterSignOut = await until('A to refuse the signed-out cookie', async () => {
      const response = await onA.get('/api/me');
      return response.status === 200 ? undefined : response;
    }, 3_000);
    expect(afterSignOut.status).toBe(401);
    expect(afterSignOut.body.message).toBe('Please sign in to continue');
  }, 90_000);

  it('12 parents racing for 5 spots through both instances: exactly 5 bookings, 5 confirmations, each sent once', async () => {
    const db = database.db;
    const classType = await createClassType(db);
    // Tomorrow is always inside the booking window (this week and next) and not started yet.
    const startsAt = addDays(new Date(), 1);
    startsAt.setUTCMinutes(0, 0, 0);
    const session = await createSession(db, { classTypeId: classType.id, startsAt, capacity: 5 });

    const parents = await Promise.all(Array.from({ length: 12 }, (_, i) => createParent(db, [[`Racer${i}`, 3]], `racer${i}`)));
    const clients = parents.map((_, i) => new ApiClient((i % 2 === 0 ? a : b)!.baseUrl));
    await Promise.all(clients.map((client, i) => client.login(parents[i]!.email, parents[i]!.password)));

    const results = await Promise.all(
      clients.map((client, i) => client.post('/api/bookings', { sessionId: session.id, childNames: [`Racer${i}`] })),
    );

    const won = results.flatMap((r, i) => (r.status === 201 ? [{ parent: parents[i]!, booking: r.body as { id: string } }] : []));
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(7);
    for (const refused of lost) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This session is full');
    }

    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(5);
    const [{ spots } = { spots: -1 }] = await db
      .select({ spots: sql<number>`count(*)::int` })
      .from(bookingChildren)
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .where(and(eq(bookings.sessionId, session.id), eq(bookings.status, 'CONFIRMED')));
    expect(spots).toBe(5);

    // Both instances' e-mail workers claim from the one outbox (FOR UPDATE SKIP LOCKED): wait until it drains.
    const everyone = parents.map((p) => p.email);
    await until('the outbox to drain', async () => {
      const pending = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.toAddress, everyone), inArray(emailOutbox.status, ['PENDING', 'SENDING'])));
      return pending[0]!.n === 0;
    });
    const outbox = await db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, everyone));
    expect(outbox.map((m) => m.status)).toEqual(Array(5).fill('SENT'));
    expect(outbox.every((m) => m.attempts === 1)).toBe(true);

    const confirmations = sink.messages.filter(
      (m) => (m.subject ?? '').startsWith('Booking confirmed:') && m.to?.some((to) => everyone.includes(to.address ?? '')),
    );
    const references = confirmations.map((m) => /Booking reference: #(NB-[0-9A-F]+)/.exec(m.text ?? '')?.[1]);
    expect(references.toSorted()).toEqual(won.map((w) => bookingReference(w.booking.id)).toSorted());
    expect(confirmations.map((m) => m.to?.[0]?.address).toSorted()).toEqual(won.map((w) => w.parent.email).toSorted());
  }, 120_000);
});

describe('npm run start:cluster (node:cluster workers on one PostgreSQL)', () => {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `nb_test_cluster_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let cluster: ServerProcess | undefined;


  beforeAll(async () => {
    // An empty database (no migrations yet): the workers starting together migrate and seed it.
    await runOnServer(serverUrl, `create database ${name}`);
  });
  afterAll(async () => {
    if (cluster && !cluster.hasExited()) await cluster.stop();
    await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
  }, 60_000);

  const workerPids = (output: string, msg: string) =>
    [...output.matchAll(new RegExp(`"worker":(\\d+)[^\\n]*"msg":"${msg}"`, 'g'))].map((m) => Number(m[1]));

  it('two workers migrate and seed an empty database once, replace a killed worker and stop together on SIGTERM', async () => {
    cluster = await startServerProcess({
      entry: 'cluster',
      // A killed worker is replaced after 100 ms (CLUSTER_RESTART_DELAY_MS; 1 s by default).
      env: { DATABASE_URL: url.toString(), CLUSTER_WORKERS: '2', SEED_DEMO_DATA: 'true', CLUSTER_RESTART_DELAY_MS: '100', PORT: String(await freePort()) },
      timeoutMs: 120_000,
    });
    await cluster.waitForOutput(/"msg":"worker listening"[\s\S]*"msg":"worker listening"/, 120_000);
    const first = workerPids(cluster.output(), 'worker listening');
    expect(first).toHaveLength(2);
    expect(cluster.output()).not.toContain('died unexpectedly');

    // Seeded exactly once: the demo accounts and families, no duplicates, and no worker crashed trying.
    const direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ n: number }>('select count(*)::int as n from users');
      expect(rows[0]!.n).toBe(DEMO_ACCOUNTS.length + 10);
    } finally {
      await direct.end();
    }

    const api = new ApiClient(cluster.baseUrl);
    await api.login(DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[2].password);
    expect((await api.get('/api/me')).status).toBe(200);

    // A worker that dies is replaced; the sign-in lives in PostgreSQL, so the user stays signed in.
    process.kill(first[0]!, 'SIGKILL');
    await cluster.waitForOutput('worker died unexpectedly:', 30_000);
    await until('a replacement worker', async () => workerPids(cluster!.output(), 'worker listening').length === 3, 90_000);
    for (let i = 0; i < 6; i++) expect((await api.get('/api/me')).status).toBe(200);

    const running = workerPids(cluster.output(), 'worker listening').filter((pid) => pid !== first[0]);
    const exit = await cluster.stop(40_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(cluster.output()).toContain('all workers stopped');
    for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000);

  it('gives up with exit code 1 when workers keep failing at start-up, instead of restarting them forever', async () => {
    const missing = Object.assign(new URL(serverUrl), { pathname: `/${name}_missing` }).toString();
    // Back-off from 100 ms (CLUSTER_RESTART_DELAY_MS; 1 s by default), doubling after each failure as by default.
    const broken = spawnServer({
      entry: 'cluster',
      env: { DATABASE_URL: missing, CLUSTER_WORKERS: '2', CLUSTER_RESTART_DELAY_MS: '100', PORT: String(await freePort()) },
    });
    const exit = await Promise.race([broken.exited, sleep(120_000).then(() => broken.kill9().then(() => 'still running'))]);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(broken.output()).toContain(`database "${name}_missing" does not exist`);
    expect(broken.output()).toContain('workers keep failing at start-up (4 in a row): giving up');
    const delays = [...broken.output().matchAll(/worker died unexpectedly during start-up: starting a new one in (\d+) ms/g)].map((m) => Number(m[1]));
    expect(delays).toEqual([200, 400, 800]);
    expect(broken.output()).not.toContain('"msg":"worker listening"');
  }, 150_000);
});
