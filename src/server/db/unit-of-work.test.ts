import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../cache/announcements';
import { enqueueEmail } from '../mail/outbox';
import type { DatabaseHandle } from './client';
import { emailOutbox, sessions, users } from './schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { createTestDatabase } from '../test-support/test-database';
import { runUnitOfWork } from './unit-of-work';

let database: DatabaseHandle;
const heard: string[] = [];
let subscription: { close(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  subscription = await database.listen(CHANGES_CHANNEL, { message: (topic) => heard.push(topic), reset: () => undefined });
});
afterAll(async () => {
  await subscription?.close();
  await database?.close();
});

/** Waits until the listener heard `topic` (PostgreSQL delivers on its own connection, a moment later). */
async function hear(topic: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!heard.includes(topic) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(heard).toContain(topic);
}

/** Waits until everything announced so far has arrived (a marker after it), then forgets it all. */
async function quiet(): Promise<void> {
  const marker = `test-marker:${Math.random()}`;
  await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
  await hear(marker);
  heard.length = 0;
}

describe('the unit of work: change announcements (migration 0005) and outbox work (0007)', () => {
  it('a plain write announces its topics itself, at commit', async () => {
    const session = await createSession(database.db, { classTypeId: (await createClassType(database.db)).id, startsAt: new Date() });
    heard.length = 0;
    await database.db.update(sessions).set({ location: 'Studio B' }).where(eq(sessions.id, session.id));
    await hear('calendar');
    await hear('bookings');
  });

  /** An AfterCommit that records what it was told. */
  function recorder() {
    const told = { topics: [] as string[], mail: 0 };
    return { told, after: { announce: (topics: readonly string[]) => void told.topics.push(...topics), mailQueued: () => void told.mail++ } };
  }

  it('hands its topics, once each, to the caller after the commit, and sends none itself', async () => {
    const classTypeId = (await createClassType(database.db)).id;
    const first = await createSession(database.db, { classTypeId, startsAt: new Date() });
    const second = await createSession(database.db, { classTypeId, startsAt: new Date() });
    const parent = await createParent(database.db, []);
    const { told, after } = recorder();
    // The fixtures' own announcements (plain writes) must not be taken for the unit of work's.
    await quiet();
    await runUnitOfWork(
      database.db,
      async (tx) => {
        await tx.update(sessions).set({ bookedCount: 1 }).where(eq(sessions.id, first.id));
        await tx.update(sessions).set({ bookedCount: 1 }).where(eq(sessions.id, second.id));
        await tx.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, parent.id));
      },
      after,
    );
    // A guardian's row is the family's too (issue 31): its family's topic with it.
    expect(told.topics.sort()).toEqual(['calendar', `family:${parent.id}`, `user:${parent.id}`].sort());
    expect(told.mail).toBe(0);
    // Nothing went out on the channel by itself (the caller drops them and announces them, cache/read-caches.ts).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
  });

  it('wakes the mailer after the commit of a transaction that queued email, whichever service wrote the row', async () => {
    const { told, after } = recorder();
    let mailToldBeforeCommit = -1;
    await runUnitOfWork(
      database.db,
      async (tx) => {
        await enqueueEmail(tx, { to: 'family@example.com', subject: 'Hello', text: 'One' });
        await enqueueEmail(tx, { to: 'family@example.com', subject: 'Hello', text: 'Two' });
        mailToldBeforeCommit = told.mail;
      },
      after,
    );
    expect(mailToldBeforeCommit).toBe(0);
    expect(told.mail).toBe(1);
    // The outbox topic is the unit of work's own business, not a cache tag.
    expect(told.topics).not.toContain('outbox');
  });

  it('tells nothing after a rollback: no topic, no mail, no change', async () => {
    const parent = await createParent(database.db, []);
    const { told, after } = recorder();
    const outboxBefore = (await database.db.select().from(emailOutbox)).length;
    await expect(
      runUnitOfWork(
        database.db,
        async (tx) => {
          await tx.update(users).set({ firstName: 'Never' }).where(eq(users.id, parent.id));
          await enqueueEmail(tx, { to: 'family@example.com', subject: 'Never', text: 'Never' });
          throw new Error('refused');
        },
        after,
      ),
    ).rejects.toThrow('refused');
    expect(told).toEqual({ topics: [], mail: 0 });
    const [row] = await database.db.select().from(users).where(eq(users.id, parent.id));
    expect(row!.firstName).not.toBe('Never');
    expect((await database.db.select().from(emailOutbox)).length).toBe(outboxBefore);
  });

});
