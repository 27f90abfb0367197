import type { AddressInfo } from 'node:net';
import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfTorontoWeek } from '../../shared/rules/week';
import { buildApp } from '../app';
import { CHANGES_CHANNEL } from './announcements';
import { topics } from './read-caches';
import { authSessions, classTypes, sessions, users } from '../db/schema';
import { loadEnv } from '../env';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { ApiClient, startTestServer, type TestServer } from '../test-support/test-server';
import { at, NOW } from '../test-support/clock';

// Two instances of the portal on one database, both in the default READ_CACHE=on mode: what a parent sees
// must never be older than their own last write, and another instance catches up within moments.
const MONDAY = startOfTorontoWeek(NOW);
const WINDOW = `/api/sessions?from=${MONDAY.toISOString()}&to=${addDays(MONDAY, 14).toISOString()}&limit=1000`;

let a: TestServer;
let b: { app: FastifyInstance; baseUrl: string };
let classTypeId: string;

beforeAll(async () => {
  a = await startTestServer({ seed: false, clock: () => NOW, env: { READ_CACHE: 'on' } });
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: a.app.env.dataDir, READ_CACHE: 'on' }),
    database: a.database,
    webRoot: null,
    logger: false,
    clock: () => NOW,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  b = { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  classTypeId = (await createClassType(a.database.db, { code: 'CCH', name: 'Cache Class' })).id;
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

const db = () => a.database.db;

async function parentOn(baseUrl: string, kids: Array<[string, number]> = [['Kid', 3]]) {
  const parent = await createParent(db(), kids);
  const api = new ApiClient(baseUrl);
  await api.login(parent.email, parent.password);
  return { ...parent, api };
}

/** Reads until `check` passes (another instance learns of a change within moments, not at once). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

const spotsOf = (body: { sessions: Array<{ id: string; availableSpots: number; location: string }> }, id: string) =>
  body.sessions.find((s) => s.id === id);

describe('read caches (READ_CACHE=on, two instances on one database)', () => {
  it('serve the calendar from memory, and a booking shows at once to its author and soon on the other instance', async () => {
    const session = await createSession(db(), { classTypeId, startsAt: at(3, 17), capacity: 4 });
    const onA = await parentOn(a.baseUrl);
    const onB = await parentOn(b.baseUrl);

    expect(spotsOf((await onA.api.get(WINDOW)).body, session.id)?.availableSpots).toBe(4);
    const hitsBefore = a.app.readCaches.stats().views.hits;
    expect(spotsOf((await onA.api.get(WINDOW)).body, session.id)?.availableSpots).toBe(4);
    expect(a.app.readCaches.stats().views.hits).toBe(hitsBefore + 1);
    expect(spotsOf((await onB.api.get(WINDOW)).body, session.id)?.availableSpots).toBe(4);

    // B books: B's next read shows it at once (its answer waited for the change to reach B's caches)…
    expect((await onB.api.post('/api/bookings', { sessionId: session.id, childNames: ['Kid'] })).status).toBe(201);
    expect(spotsOf((await onB.api.get(WINDOW)).body, session.id)?.availableSpots).toBe(3);
    expect((await onB.api.get('/api/me/bookings')).body.map((booking: { sessionId: string }) => booking.sessionId)).toEqual([session.id]);
    expect((await onB.api.get('/api/me')).body.usedThisWeek).toBe(1);
    // …and A, which had the old answer in memory, drops it when the database announces the change.
    const seenOnA = await eventually(
      () => onA.api.get(WINDOW),
      (res) => spotsOf(res.body, session.id)?.availableSpots === 3,
    );
    expect(spotsOf(seenOnA.body, session.id)?.availableSpots).toBe(3);
  });

  it('a commit drops its topics here before the answer, and many commits reach the other instances together', async () => {
    const session = await createSession(db(), { classTypeId, startsAt: at(4, 17), capacity: 4 });
    const onA = await parentOn(a.baseUrl);
    expect(spotsOf((await onA.api.get(WINDOW)).body, session.id)?.availableSpots).toBe(4);
    expect(a.app.readCaches.stats().views.size).toBeGreaterThan(0);
    const heard: string[] = [];
    const listening = await a.database.listen(CHANGES_CHANNEL, { message: (topic) => heard.push(topic), reset: () => undefined });
    try {
      // Forty commits' topics handed over in one go: this instance forgets the calendar at once, synchronously…
      const topicsOfCommits = Array.from({ length: 40 }, (_, i) => [topics.calendar, topics.user(`batch-${i}`)]);
      for (const committed of topicsOfCommits) a.app.readCaches.committed(committed);
      expect(a.app.readCaches.stats().views.size).toBe(0);
      // …and every topic goes out on the channel, each once per announcement, not once per commit.
      await a.app.readCaches.sent();
      const deadline = Date.now() + 3_000;
      while (heard.filter((topic) => topic.startsWith('user:batch-')).length < 40 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(heard.filter((topic) => topic.startsWith('user:batch-')).sort()).toEqual(topicsOfCommits.map(([, user]) => user).sort());
      expect(heard.filter((topic) => topic === topics.calendar).length).toBeLessThanOrEqual(2);
    } finally {
      await listening.close();
    }
  });

  it('drop answers that a change made straight in the database (psql, another tool) made stale', async () => {
    const session = await createSession(db(), { classTypeId, startsAt: at(4, 9), location: 'Main Gym' });
    const parent = await parentOn(a.baseUrl);
    expect((await parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Kid'] })).status).toBe(201);
    expect(spotsOf((await parent.api.get(WINDOW)).body, session.id)?.location).toBe('Main Gym');
    expect((await parent.api.get('/api/me/bookings')).body[0].session.location).toBe('Main Gym');
    expect((await parent.api.get('/api/classes')).body.map((c: { name: string }) => c.name)).toContain('Cache Class');

    await db().update(sessions).set({ location: 'North Annex' }).where(eq(sessions.id, session.id));
    await db().update(classTypes).set({ name: 'Cache Class Renamed' }).where(eq(classTypes.id, classTypeId));

    const calendar = await eventually(
      () => parent.api.get(WINDOW),
      (res) => spotsOf(res.body, session.id)?.location === 'North Annex',
    );
    expect(spotsOf(calendar.body, session.id)?.location).toBe('North Annex');
    const mine = await eventually(
      () => parent.api.get('/api/me/bookings'),
      (res) => res.body[0]?.session.location === 'North Annex',
    );
    expect(mine.body[0].session).toMatchObject({ location: 'North Annex', classType: { name: 'Cache Class Renamed' } });
    const classes = await eventually(
      () => parent.api.get('/api/classes'),
      (res) => res.body.some((c: { name: string }) => c.name === 'Cache Class Renamed'),
    );
    expect(classes.body.map((c: { name: string }) => c.name)).toContain('Cache Class Renamed');
  });

  it('never honour a signed-out session for a write, and soon refuse it for reads on every instance', async () => {
    const parent = await parentOn(a.baseUrl);
    const token = parent.api.cookie('nb_session')!;
    const sameCookieOnB = new ApiClient(b.baseUrl);
    sameCookieOnB.setCookie('nb_session', token);
    expect((await sameCookieOnB.get('/api/me')).status).toBe(200); // now in B's cache
    expect((await sameCookieOnB.get('/api/me')).status).toBe(200);
    expect((await parent.api.get('/api/me')).status).toBe(200); // and in A's

    expect((await parent.api.post('/api/auth/logout')).status).toBe(200);
    // A write on B reads the session from the database, whatever B remembers.
    const write = await sameCookieOnB.post('/api/me/change-password', { currentPassword: parent.password, newPassword: 'another-pass-1' });
    expect(write.status).toBe(401);
    const read = await eventually(
      () => sameCookieOnB.get('/api/me'),
      (res) => res.status === 401,
    );
    expect(read.status).toBe(401);
    // The same on A (the instance that ended it) at once.
    const again = new ApiClient(a.baseUrl);
    again.setCookie('nb_session', token);
    expect((await again.get('/api/me')).status).toBe(401);
  });

  it('refuse a deactivated account and forget a session deleted in the database', async () => {
    const parent = await parentOn(b.baseUrl);
    expect((await parent.api.get('/api/me')).status).toBe(200);
    await db().update(users).set({ isActive: false }).where(eq(users.id, parent.id));
    expect((await parent.api.post('/api/bookings', { sessionId: '00000000-0000-4000-8000-000000000000', childNames: ['Kid'] })).status).toBe(401);
    expect((await eventually(() => parent.api.get('/api/me'), (res) => res.status === 401)).status).toBe(401);

    const other = await parentOn(b.baseUrl);
    expect((await other.api.get('/api/me/bookings')).status).toBe(200);
    await db().delete(authSessions).where(eq(authSessions.userId, other.id));
    expect((await eventually(() => other.api.get('/api/me/bookings'), (res) => res.status === 401)).status).toBe(401);
  });

  it('READ_CACHE=off reads everything from the database', async () => {
    const off = await startTestServer({ seed: false, clock: () => NOW, env: { READ_CACHE: 'off' } });
    try {
      const parent = await createParent(off.database.db, [['Kid', 3]]);
      const api = new ApiClient(off.baseUrl);
      await api.login(parent.email, parent.password);
      for (let i = 0; i < 3; i++) expect((await api.get(WINDOW)).status).toBe(200);
      expect(off.app.readCaches.stats()).toMatchObject({ enabled: false, views: { hits: 0, size: 0 }, sessions: { hits: 0, size: 0 } });
    } finally {
      await off.close();
    }
  });
});
