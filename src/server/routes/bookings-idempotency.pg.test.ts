import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, idempotencyKeys, sessions } from '../db/schema';
import { createSession, nextTorontoWeekAt, signInNewParent } from '../test-support/fixtures';
import type { ApiResponse } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { NOW } from '../test-support/clock';

// Simultaneous repeats of one Idempotency-Key on PostgreSQL, where they run on separate pooled connections at
// the same moment: the first transaction's key row makes the others wait, then they read its stored answer.
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);

const { server, classType } = withApi({ seed: false, clock: () => NOW, classType: 'Race Class' });

const signedIn = (kids: Array<[string, number]>) => signInNewParent(server, kids);

/** Fires `count` copies of one request at once; each answer's status and body (printed back in its own key order). */
async function fireTogether(count: number, send: () => Promise<ApiResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, send));
  return responses.map((response) => ({ status: response.status, body: JSON.stringify(response.body) }));
}

describe('Idempotency-Key under concurrency (PostgreSQL)', () => {
  it('10 simultaneous identical bookings with one key: one booking, one email, 10 identical answers', async () => {
    const parent = await signedIn([['Ava', 3], ['Leo', 3]]);
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(1, 17), capacity: 20 });
    const key = randomUUID();
    const answers = await fireTogether(10, () =>
      parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava', 'Leo'] }, { 'idempotency-key': key }),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);

    const made = await server.database.db.select().from(bookings).where(eq(bookings.familyId, parent.id));
    expect(made).toHaveLength(1);
    expect(JSON.parse(answers[0]!.body).id).toBe(made[0]!.id);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.bookedCount).toBe(2);
    const mails = await server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, parent.email), eq(emailOutbox.template, 'booking-confirmed')));
    expect(mails).toHaveLength(1);
    const keys = await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, parent.id));
    expect(keys.map((k) => k.responseStatus)).toEqual([201]);
  });

  it('10 simultaneous identical refusals with one key: 10 identical answers, nothing booked', async () => {
    const holder = await signedIn([['Hal', 3]]);
    const parent = await signedIn([['Ava', 3]]);
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(2, 17), capacity: 1 });
    expect((await holder.api.post('/api/bookings', { sessionId: session.id, childNames: ['Hal'] })).status).toBe(201);
    const key = randomUUID();
    const answers = await fireTogether(10, () =>
      parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, { 'idempotency-key': key }),
    );
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 409, body: '{"code":"SESSION_FULL","message":"This session is full"}' })));
    expect(await server.database.db.select().from(bookings).where(eq(bookings.familyId, parent.id))).toHaveLength(0);
  });

  it('10 simultaneous cancels with one key: cancelled once, 10 identical answers', async () => {
    const parent = await signedIn([['Ava', 3]]);
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: nextWeek(3, 17), capacity: 5 });
    const booking = (await parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).body;
    const key = randomUUID();
    const answers = await fireTogether(10, () =>
      parent.api.post(`/api/bookings/${booking.id}/cancel`, undefined, { 'idempotency-key': key }),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    const mails = await server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, parent.email), eq(emailOutbox.template, 'booking-cancelled')));
    expect(mails).toHaveLength(1);
  });
});
