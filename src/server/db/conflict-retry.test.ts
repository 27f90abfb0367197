import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBookingCalls, type RepeatableBookingCall } from '../services/bookings/booking-calls';
import { createClassType, createParent, createSession, nextTorontoWeekAt } from '../test-support/fixtures';
import { injectConflicts } from '../test-support/inject-conflicts';
import { createTestDatabase } from '../test-support/test-database';
import type { DatabaseHandle } from './client';
import { bookings, emailOutbox } from './schema';
import { runUnitOfWork } from './unit-of-work';

// A group of repeatable writes (decision 016) is one unit of work: when PostgreSQL fails its transaction for a
// deadlock (decision 022), every member runs again in the next attempt, and what follows the commit (the mailer woken,
// the change topics) is told once, for the attempt that committed.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function recorder() {
  const told = { announcements: [] as string[][], mail: 0, warnings: [] as object[] };
  return {
    told,
    after: { announce: (topics: readonly string[]) => void told.announcements.push([...topics]), mailQueued: () => void told.mail++ },
    retry: { delayMs: () => 1, log: { warn: (details: object) => void told.warnings.push(details) } },
  };
}

const call = (parent: { id: string; email: string }, sessionId: string, childName: string): RepeatableBookingCall => ({
  call: { op: 'book', sessionId, childNames: [childName] },
  actor: { parentId: parent.id, familyId: parent.id, parent: { firstName: 'Test', lastName: 'Parent', email: parent.email } },
  now: new Date(),
  waitlistClosesBefore: new Date(),
  claim: null,
  successStatus: 201,
  activity: null,
  encode: (dto) => dto,
});

describe('a group of booking writes that loses a deadlock', () => {
  it('runs again with every member: each booked once, one confirmation each, the mailer woken once', async () => {
    const db = database.db;
    const classType = await createClassType(db);
    const session = await createSession(db, { classTypeId: classType.id, startsAt: nextTorontoWeekAt(new Date(), 2, 10) });
    const parents = await Promise.all(['Uma', 'Vic', 'Wes'].map((name) => createParent(db, [[name, 3]], 'group')));
    // The last member's booking fails the first attempt, after the two before it have written theirs.
    const injected = await injectConflicts(db, { userId: parents[2]!.id, times: 1 });
    const { told, after, retry } = recorder();
    try {
      const outcomes = await runUnitOfWork(
        db,
        (tx) => runBookingCalls(tx, parents.map((parent, i) => call(parent, session.id, ['Uma', 'Vic', 'Wes'][i]!))),
        after,
        retry,
      );
      expect(outcomes.map((outcome) => ('status' in outcome ? outcome.status : outcome.error.statusCode))).toEqual([201, 201, 201]);
      expect(await injected.raised()).toBe(1);
    } finally {
      await injected.remove();
    }
    const ids = parents.map((parent) => parent.id);
    expect(await db.select().from(bookings).where(inArray(bookings.familyId, ids))).toHaveLength(3);
    const mail = await db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.toAddress, parents.map((parent) => parent.email)), eq(emailOutbox.template, 'booking-confirmed')));
    expect(mail.map((row) => row.to).sort()).toEqual(parents.map((parent) => parent.email).sort());
    expect(told.mail).toBe(1);
    expect(told.announcements).toHaveLength(1);
    expect(told.announcements[0]).toEqual(expect.arrayContaining(ids.map((id) => `family:${id}`)));
    expect(told.warnings).toEqual([expect.objectContaining({ sqlState: '40P01', attempt: 1, attempts: 3 })]);
  });

  it('tells nothing when every attempt fails: the error is thrown after the last, nothing was written', async () => {
    const db = database.db;
    const classType = await createClassType(db);
    const session = await createSession(db, { classTypeId: classType.id, startsAt: nextTorontoWeekAt(new Date(), 3, 10) });
    const parent = await createParent(db, [['Xia', 3]], 'doomed');
    const injected = await injectConflicts(db, { userId: parent.id, times: 100 });
    const { told, after, retry } = recorder();
    try {
      await expect(runUnitOfWork(db, (tx) => runBookingCalls(tx, [call(parent, session.id, 'Xia')]), after, retry)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '40P01' }),
      });
      expect(await injected.raised()).toBe(3);
    } finally {
      await injected.remove();
    }
    expect(await db.select().from(bookings).where(eq(bookings.familyId, parent.id))).toHaveLength(0);
    expect(told).toEqual({ announcements: [], mail: 0, warnings: [expect.anything(), expect.anything()] });
  });
});
