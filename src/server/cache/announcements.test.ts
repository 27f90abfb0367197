import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { sessions, users } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { createTestDatabase } from '../test-support/test-database';
import { CHANGES_CHANNEL, transactionAnnouncedAfterCommit } from './announcements';

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

describe('change announcements (migration 0005)', () => {
  it('a plain write announces its topics itself, at commit', async () => {
    const session = await createSession(database.db, { classTypeId: (await createClassType(database.db)).id, startsAt: new Date() });
    heard.length = 0;
    await database.db.update(sessions).set({ location: 'Studio B' }).where(eq(sessions.id, session.id));
    await hear('calendar');
    await hear('bookings');
  });

  it('a deferred transaction hands its topics, once each, to the collector after the commit', async () => {
    const classTypeId = (await createClassType(database.db)).id;
    const first = await createSession(database.db, { classTypeId, startsAt: new Date() });
    const second = await createSession(database.db, { classTypeId, startsAt: new Date() });
    const parent = await createParent(database.db, []);
    const collector: string[] = [];
    await transactionAnnouncedAfterCommit(
      database.db,
      async (tx) => {
        await tx.update(sessions).set({ bookedCount: 1 }).where(eq(sessions.id, first.id));
        await tx.update(sessions).set({ bookedCount: 1 }).where(eq(sessions.id, second.id));
        await tx.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, parent.id));
      },
      collector,
    );
    expect(collector.sort()).toEqual(['calendar', `user:${parent.id}`].sort());
  });

  it('without a collector it announces them itself right after the commit; a rollback announces nothing', async () => {
    const parent = await createParent(database.db, []);
    heard.length = 0;
    await transactionAnnouncedAfterCommit(database.db, (tx) => tx.update(users).set({ firstName: 'Again' }).where(eq(users.id, parent.id)));
    await hear(`user:${parent.id}`);

    const collector: string[] = [];
    await expect(
      transactionAnnouncedAfterCommit(
        database.db,
        async (tx) => {
          await tx.update(users).set({ firstName: 'Never' }).where(eq(users.id, parent.id));
          throw new Error('refused');
        },
        collector,
      ),
    ).rejects.toThrow('refused');
    expect(collector).toEqual([]);
    const [row] = await database.db.select().from(users).where(eq(users.id, parent.id));
    expect(row!.firstName).toBe('Again');
  });
});
