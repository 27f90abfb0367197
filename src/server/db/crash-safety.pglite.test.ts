import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, addHours } from 'date-fns';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { openSignIn, sendWithToken } from '../test-support/sign-in-as';
import { openDatabase } from './client';
import { LOCK_FILE } from './data-dir-lock';
import { bookingChildren, bookings, sessions } from './schema';

// The embedded database survives its process being killed outright (kill -9: an OOM kill, a crashed host
// process): every booking the portal confirmed (201) is still there after a restart, and every session's
// bookedCount still equals its confirmed children. Runs on PGlite whatever DATABASE_URL says.

const PARENTS = 24;
const SESSIONS = 3;
const CAPACITY = 6;
/** kill -9 once this many bookings were confirmed, with more requests in flight. */
const KILL_AFTER = 9;
const IN_FLIGHT = 12;

const dataDir = mkdtempSync(path.join(tmpdir(), 'nb-crash-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('kill -9 of a server on the embedded database', () => {
  it('loses no confirmed booking and keeps every bookedCount equal to the booked children', async () => {
    // Fixtures written straight into the data folder before the server opens it.
    const setup = await openDatabase({ kind: 'pglite', dataDir });
    const classType = await createClassType(setup.db);
    const tomorrow = addDays(new Date(), 1);
    tomorrow.setUTCMinutes(0, 0, 0);
    const sessionRows: Array<{ id: string }> = [];
    for (let i = 0; i < SESSIONS; i++) {
      sessionRows.push(await createSession(setup.db, { classTypeId: classType.id, startsAt: addHours(tomorrow, i * 2), capacity: CAPACITY }));
    }
    const parents: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < PARENTS; i++) {
      const parent = await createParent(setup.db, [[`Kid${i}`, 3]], `crash${i}`);
      parents.push({ id: parent.id, token: (await openSignIn(setup.db, parent.id)).token });
    }
    await setup.close();

    const env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' };
    const first = await startServerProcess({ env });
    servers.push(first);

    // Every parent books every session; IN_FLIGHT requests at a time; kill -9 after the KILL_AFTER-th 201.
    const queue = parents.flatMap((parent, i) => sessionRows.map((session) => ({ parent, i, sessionId: session.id })));
    const confirmed: Array<{ id: string; userId: string }> = [];
    const refusals: string[] = [];
    let networkErrors = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      for (let job = queue.shift(); job && !first.hasExited(); job = queue.shift()) {
        try {
          const response = await sendWithToken(first.baseUrl, job.parent.token, {
            method: 'POST',
            path: '/api/bookings',
            body: { sessionId: job.sessionId, childNames: [`Kid${job.i}`] },
          });
          if (response.status === 201) {
            confirmed.push({ id: response.body.id, userId: job.parent.id });
            if (confirmed.length === KILL_AFTER) killed = first.kill9();
          } else {
            refusals.push(`${response.status} ${response.body?.message}`);
          }
        } catch {
          networkErrors++; // the process died with this request in flight
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;
    expect(first.hasExited()).toBe(true);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Before the kill, a refusal could only be a full session.
    expect(new Set(refusals)).toEqual(new Set(refusals.length ? ['409 This session is full'] : []));
    expect(networkErrors).toBeGreaterThan(0);
    // The dead process's lock is still there…
    expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite', LOCK_FILE), 'utf8')).pid).toBe(first.pid);

    // …and a new process takes it over and serves the same data.
    const second = await startServerProcess({ env });
    servers.push(second);
    for (const parent of parents) {
      const mine = await sendWithToken(second.baseUrl, parent.token, { method: 'GET', path: '/api/me/bookings' });
      expect(mine.status).toBe(200);
      const ids = JSON.stringify(mine.body);
      for (const booking of confirmed.filter((c) => c.userId === parent.id)) expect(ids).toContain(booking.id);
    }
    expect(await second.stop()).toEqual({ code: 0, signal: null });

    const check = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const found = await check.db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(inArray(bookings.id, confirmed.map((c) => c.id)));
      expect(found).toHaveLength(confirmed.length);
      expect(found.every((row) => row.status === 'CONFIRMED')).toBe(true);

      const booked = await check.db
        .select({ sessionId: bookings.sessionId, children: sql<number>`count(*)::int` })
        .from(bookingChildren)
        .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
        .where(eq(bookings.status, 'CONFIRMED'))
        .groupBy(bookings.sessionId);
      const rows = await check.db.select().from(sessions).where(eq(sessions.classTypeId, classType.id));
      const counts = rows.map((row) => ({
        ...row,
        children: booked.find((b) => b.sessionId === row.id)?.children ?? 0,
      }));
      expect(counts).toHaveLength(SESSIONS);
      for (const row of counts) {
        expect(row.bookedCount).toBe(row.children);
        expect(row.bookedCount).toBeLessThanOrEqual(row.capacity);
      }
      // Every confirmed booking is counted (some answered just before the kill may exist without a 201 seen).
      expect(counts.reduce((sum, row) => sum + row.bookedCount, 0)).toBeGreaterThanOrEqual(confirmed.length);
    } finally {
      await check.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite', LOCK_FILE))).toBe(false);
  }, 240_000);
});
