import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { ApiClient, startTestServer, type TestServer } from '../test-support/test-server';

// PostgreSQL only: the notifications travel on a dedicated LISTEN connection, which can be lost.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false, env: { READ_CACHE: 'on' } });
});
afterAll(async () => {
  await server?.close();
});

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('while the listening connection is lost nothing is cached or answered from memory; it reconnects by itself', async () => {
  const db = server.database.db;
  const classTypeId = (await createClassType(db)).id;
  const session = await createSession(db, { classTypeId, startsAt: new Date(Date.now() + 86_400_000), location: 'Main Gym' });
  const parent = await createParent(db, [['Kid', 3]]);
  const api = new ApiClient(server.baseUrl);
  await api.login(parent.email, parent.password);
  const location = async () => (await api.get('/api/sessions?limit=1000')).body.sessions.find((s: { id: string }) => s.id === session.id)?.location;

  await until(() => server.app.readCaches.stats().enabled);
  expect(await location()).toBe('Main Gym');
  expect(server.app.readCaches.stats().views.size).toBeGreaterThan(0);

  // The database drops the listener (a failover, a restart, an idle-connection reaper).
  await db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-listener' and datname = current_database()`,
  );
  await until(() => !server.app.readCaches.stats().enabled);
  expect(server.app.readCaches.stats().views.size).toBe(0);

  // Meanwhile a change cannot be announced to this instance, yet reads see it: they go to the database.
  await db.update(sessions).set({ location: 'Field House' }).where(eq(sessions.id, session.id));
  expect(await location()).toBe('Field House');

  // Back again: caching resumes, and later changes are announced as before.
  await until(() => server.app.readCaches.stats().enabled);
  expect(await location()).toBe('Field House');
  await db.update(sessions).set({ location: 'Main Gym' }).where(eq(sessions.id, session.id));
  const deadline = Date.now() + 3_000;
  while ((await location()) !== 'Main Gym' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await location()).toBe('Main Gym');
});
