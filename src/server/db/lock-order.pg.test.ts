import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { runBookingCalls } from '../services/bookings/booking-calls';
import { runUnitOfWork } from './unit-of-work';
import { createClassType, createParent, createSession, nextTorontoWeekAt } from '../test-support/fixtures';
import { createTestDatabase } from '../test-support/test-database';

// The lock order of docs/decisions/022-lock-order-and-retries.md, proved with the grouped statement itself
// (portal_repeatable_writes, decision 016) on separate connections, as two instances' groups run it. A third
// transaction holds one row for a moment, so that one group stops between two of its calls at the same point every
// run; the other group then starts. Locked call by call, the two groups waited on each other in a circle and
// PostgreSQL failed one (40P01); with every session, then every child, then every booking locked up front in id
// order, the second group waits for the first at its very first lock, and both commit.

let database: DatabaseHandle & { url: string | null };
const clients: pg.Client[] = [];
let watcher: pg.Client | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  await database?.close();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  clients.push(client);
  return client;
}

/** Waits until the connection's current statement waits for a lock another transaction holds. */
async function untilBlocked(client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  const deadline = Date.now() + 10_000;
  watcher ??= await connect();
  for (;;) {
    const { rows } = await watcher.query('select cardinality(pg_blocking_pids($1)) > 0 as blocked', [pid]);
    if ((rows[0] as { blocked: boolean }).blocked) return;
    if (Date.now() > deadline) throw new Error(`connection ${pid} never waited for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const now = new Date();
/** One call of a group, as runBookingCalls sends it for a parent the request has signed in. */
const asParent = (parentId: string) => ({
  familyId: parentId,
  parent: { id: parentId, firstName: 'Test', lastName: 'Parent', email: `${parentId}@example.com` },
  now: now.toISOString(),
  waitlistClosesBefore: now.toISOString(),
});
const book = (parentId: string, sessionId: string, childNames: string[]) => ({ op: 'book', sessionId, childNames, ...asParent(parentId) });
const cancel = (parentId: string, bookingId: string) => ({ op: 'cancel', bookingId, ...asParent(parentId) });
const reschedule = (parentId: string, bookingId: string, newSessionId: string) => ({ op: 'reschedule', bookingId, newSessionId, ...asParent(parentId) });

/** Waits until `count` statements of this database wait for a row lock. */
async function untilWaiting(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  watcher ??= await connect();
  for (;;) {
    const { rows } = await watcher.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0] as { n: number }).n >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} statements waited for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs one group's statement in an open transaction; resolves with its answers, or the error's SQLSTATE. */
async function group(client: pg.Client, calls: object[]): Promise<{ answers?: Array<Record<string, unknown>>; code?: string }> {
  try {
    const { rows } = await client.query('select portal_repeatable_writes($1::jsonb) as answers', [JSON.stringify(calls)]);
    return { answers: (rows[0] as { answers: Array<Record<string, unknown>> }).answers };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error) };
  }
}

/** Two sessions of next week, the first with the lower id (the order locks are taken in). */
async function twoSessions() {
  const classType = await createClassType(database.db);
  const made = await Promise.all([0, 1].map((day) => createSession(database.db, { classTypeId: classType.id, startsAt: nextTorontoWeekAt(now, day, 17) })));
  return made.sort((a, b) => (a.id < b.id ? -1 : 1)).map((session) => session.id) as [string, string];
}

describe('two groups that touch the same sessions and children (decision 022)', () => {
  it("a cancellation of an earlier session after a booking of a later one: the other group's bookings of both wait, no deadlock", async () => {
    const [low, high] = await twoSessions();
    const family = await createParent(database.db, [['Fay', 3]], 'canceller');
    const booker = await createParent(database.db, [['Gus', 3]], 'booker');
    const both = await createParent(database.db, [['Hal', 3]], 'both');
    const setup = await connect();
    const booked = await group(setup, [book(family.id, low, ['Fay'])]);
    const bookingId = ((booked.answers![0]!.booking as { booking: { id: string } }).booking.id);

    const [holder, first, second] = [await connect(), await connect(), await connect()];
    // Holds the booking for a moment, as another change of it would (the family's second browser).
    await holder.query('begin');
    await holder.query('select 1 from bookings where id = $1 for update', [bookingId]);
    await first.query('begin');
    // As runBookingCalls orders it: the booking (its session known) first, the cancellation last.
    const firstGroup = group(first, [book(booker.id, high, ['Gus']), cancel(family.id, bookingId)]);
    await untilBlocked(first);
    await second.query('begin');
    const secondGroup = group(second, [book(both.id, low, ['Hal']), book(both.id, high, ['Hal'])]);
    await untilBlocked(second);
    await holder.query('rollback');

    const [one, two] = await Promise.all([
      firstGroup.then(async (outcome) => (await first.query(outcome.code ? 'rollback' : 'commit'), outcome)),
      secondGroup.then(async (outcome) => (await second.query(outcome.code ? 'rollback' : 'commit'), outcome)),
    ]);
    expect([one.code, two.code]).toEqual([undefined, undefined]);
    expect(one.answers!.map((answer) => Object.keys(answer).find((key) => key !== 'userId'))).toEqual(['booking', 'booking']);
    expect(two.answers!.map((answer) => Object.keys(answer).find((key) => key !== 'userId'))).toEqual(['booking', 'booking']);
  });

  it("a family's children locked by one group between two sessions, wanted by the other group holding the second: no deadlock", async () => {
    const [low, high] = await twoSessions();
    const family = await createParent(database.db, [['Ivy', 3], ['Jon', 3]], 'two-browsers');
    const other = await createParent(database.db, [['Kit', 3]], 'other');

    const [holder, first, second] = [await connect(), await connect(), await connect()];
    // Holds the family's account row for a moment, as an office edit of the family did (FOR UPDATE).
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [family.id]);
    await first.query('begin');
    // The family books the earlier session from one browser while another family books the later one, in one group…
    const firstGroup = group(first, [book(family.id, low, ['Ivy']), book(other.id, high, ['Kit'])]);
    await untilBlocked(first);
    // …and the later session from its other browser, in a group of the other instance.
    await second.query('begin');
    const secondGroup = group(second, [book(family.id, high, ['Jon', 'Ivy'])]);
    await untilBlocked(second);
    await holder.query('rollback');

    const [one, two] = await Promise.all([
      firstGroup.then(async (outcome) => (await first.query(outcome.code ? 'rollback' : 'commit'), outcome)),
      secondGroup.then(async (outcome) => (await second.query(outcome.code ? 'rollback' : 'commit'), outcome)),
    ]);
    expect([one.code, two.code]).toEqual([undefined, undefined]);
    expect(one.answers!.map((answer) => Object.keys(answer).find((key) => key !== 'userId'))).toEqual(['booking', 'booking']);
    expect(two.answers!.map((answer) => Object.keys(answer).find((key) => key !== 'userId'))).toEqual(['booking']);
  });

  it('a cancellation whose booking another instance moved while it waited runs again (no deadlock with a third group)', async () => {
    const [low, high] = await twoSessions();
    const family = await createParent(database.db, [['Lou', 3]], 'mover');
    const other = await createParent(database.db, [['Max', 3]], 'third');
    const setup = await connect();
    const booked = await group(setup, [book(family.id, high, ['Lou'])]);
    const bookingId = (booked.answers![0]!.booking as { booking: { id: string } }).booking.id;

    const [mover, third] = [await connect(), await connect()];
    // The family's other browser moves the booking to the earlier session; its group holds both sessions a moment.
    await mover.query('begin');
    const moved = await group(mover, [reschedule(family.id, bookingId, low)]);
    expect(moved.code).toBeUndefined();
    // This instance's group cancels the booking, read in the later session: it waits for that session's lock…
    const told = { warnings: [] as Array<{ sqlState?: string }>, mail: 0 };
    const cancelled = runUnitOfWork(
      database.db,
      (tx) =>
        runBookingCalls(tx, [
          {
            call: { op: 'cancel', bookingId },
            actor: { parentId: family.id, familyId: family.id, parent: { firstName: 'Test', lastName: 'Parent', email: `${family.id}@example.com` } },
            now,
            waitlistClosesBefore: now,
            claim: null,
            successStatus: 200,
            activity: null,
            encode: (dto) => dto,
          },
        ]),
      { announce: () => undefined, mailQueued: () => void told.mail++ },
      { delayMs: () => 1, log: { warn: (details) => void told.warnings.push(details) } },
    );
    await untilWaiting(1);
    // …and a third group wants both sessions, the earlier first.
    await third.query('begin');
    const thirdGroup = group(third, [book(other.id, low, ['Max']), book(other.id, high, ['Max'])]);
    await untilWaiting(2);
    await mover.query('commit');

    const [outcomes, thirdOutcome] = await Promise.all([
      cancelled,
      thirdGroup.then(async (outcome) => (await third.query(outcome.code ? 'rollback' : 'commit'), outcome)),
    ]);
    expect(thirdOutcome.code).toBeUndefined();
    // The booking's session had changed under the group: it failed before writing anything and ran again.
    expect(told.warnings.map((warning) => warning.sqlState)).toEqual(['40001']);
    expect(outcomes[0]).toMatchObject({ status: 200, body: { id: bookingId, sessionId: low, status: 'CANCELLED' } });
    expect(told.mail).toBe(1);
  });
});
