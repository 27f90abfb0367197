import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, idempotencyKeys, sessions } from '../db/schema';
import type { EmailTemplate } from '../mail/templates';
import { dailyJobs, IDEMPOTENCY_KEYS_CLEANUP_JOB } from '../services/scheduled-jobs/daily-jobs';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { type ApiResponse } from '../test-support/test-server';
import { at, NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// Idempotency-Key on booking, cancel and reschedule (issue 17, item 15), through HTTP. The clock is pinned to
// Wednesday 2026-11-18 12:00 Toronto: the booking window runs to Sunday Nov 29.

let classTypeId: string;
const { server } = withApi({ seed: false, clock: () => NOW });
beforeAll(async () => {
  classTypeId = (await createClassType(server.database.db, { code: 'IDM', name: 'Idempotency Class' })).id;
});

const db = () => server.database.db;
const newSession = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId, startsAt, capacity });
const signedInParent = (kids: Array<[string, number]>) => signInNewParent(server, kids);
const withKey = (key: string) => ({ 'Idempotency-Key': key });
/** The answer as sent: parsing then printing JSON keeps its key order, so equal texts mean equal bodies. */
const sent = (response: ApiResponse) => ({ status: response.status, body: JSON.stringify(response.body) });
const bookingsOf = (userId: string) => db().select().from(bookings).where(eq(bookings.familyId, userId));
/** Queued e-mails of one kind (the booking e-mails are template rows, rendered when sent). */
const mailsTo = (email: string, template: EmailTemplate) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
const bookedCount = async (sessionId: string) => (await db().select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.bookedCount;

describe('POST /api/bookings with an Idempotency-Key', () => {
  it('answers a repeat with the first answer (status and body) and books and emails once', async () => {
    const { api, id, email } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(8, 17));
    const key = randomUUID();
    const first = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const repeat = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key));
    expect(sent(repeat)).toEqual(sent(first));
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    // Key order in the body does not make it another request.
    const reordered = await api.post('/api/bookings', { childNames: ['Ava'], sessionId: session.id }, withKey(key));
    expect(sent(reordered)).toEqual(sent(first));

    expect(await bookingsOf(id)).toHaveLength(1);
    expect(await bookedCount(session.id)).toBe(1);
    expect(await mailsTo(email, 'booking-confirmed')).toHaveLength(1);
    // Without a key the same request is a new attempt, refused as before.
    const unkeyed = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] });
    expect(unkeyed.status).toBe(409);
    expect(unkeyed.body.message).toBe('Ava is already booked in this session');
  });

  it('refuses the same key with another body, route or booking with a 422, changing nothing', async () => {
    const { api, id } = await signedInParent([['Ava', 3], ['Leo', 3]]);
    const session = await newSession(at(8, 18));
    const other = await newSession(at(9, 18));
    const key = randomUUID();
    const first = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key));
    expect(first.status).toBe(201);

    const otherChild = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Leo'] }, withKey(key));
    expect(otherChild.status).toBe(422);
    expect(otherChild.body.message).toBe(
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
    const otherSession = await api.post('/api/bookings', { sessionId: other.id, childNames: ['Ava'] }, withKey(key));
    expect(otherSession.status).toBe(422);
    const otherRoute = await api.post(`/api/bookings/${first.body.id}/cancel`, undefined, withKey(key));
    expect(otherRoute.status).toBe(422);

    expect(await bookingsOf(id)).toHaveLength(1);
    expect((await bookingsOf(id))[0]!.status).toBe('CONFIRMED');
    expect(await bookedCount(other.id)).toBe(0);
  });

  it("keeps keys per user: another parent's same key books independently", async () => {
    const ann = await signedInParent([['Ann', 3]]);
    const ben = await signedInParent([['Ben', 3]]);
    const session = await newSession(at(8, 19));
    const key = 'shared-key-0001';
    const first = await ann.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ann'] }, withKey(key));
    const second = await ben.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ben'] }, withKey(key));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.childNames).toEqual(['Ben']);
    expect(await bookedCount(session.id)).toBe(2);
    // Each still replays its own answer.
    const annAgain = await ann.api.post('/api/bookings', { sessionId: session.id, childNames: ['Ann'] }, withKey(key));
    expect(sent(annAgain)).toEqual(sent(first));
  });

  it('stores a refusal as the answer: a repeat is refused the same way even once a spot is free', async () => {
    const holder = await signedInParent([['Hal', 3]]);
    const { api, id } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(9, 9), 1);
    const held = await holder.api.post('/api/bookings', { sessionId: session.id, childNames: ['Hal'] });
    const key = randomUUID();
    const refused = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This session is full', code: 'SESSION_FULL' });

    await holder.api.post(`/api/bookings/${held.body.id}/cancel`);
    const repeat = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key));
    expect(sent(repeat)).toEqual(sent(refused));
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await bookingsOf(id)).toHaveLength(0);
    // The next attempt (a new key) books the free spot.
    const next = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(randomUUID()));
    expect(next.status).toBe(201);
  });

  it('does not store what is refused before the write runs (a malformed body): the key stays free', async () => {
    const { api } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(9, 10));
    const key = randomUUID();
    expect((await api.post('/api/bookings', { sessionId: session.id, childNames: [] }, withKey(key))).status).toBe(400);
    expect((await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] }, withKey(key))).status).toBe(201);
  });

  it('refuses a malformed key with a 400 (1–255 printable ASCII characters)', async () => {
    const { api, id } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(9, 11));
    const body = { sessionId: session.id, childNames: ['Ava'] };
    for (const key of ['k'.repeat(256), 'clé-1', '']) {
      const res = await api.post('/api/bookings', body, withKey(key));
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters');
    }
    expect(await bookingsOf(id)).toHaveLength(0);
    expect((await api.post('/api/bookings', body, withKey(`${'k'.repeat(250)} ~!{}`))).status).toBe(201);
  });

  it('forgets a key after 24 hours (a later repeat runs as a new request), and the daily cleanup deletes it', async () => {
    const { api, id } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(9, 12));
    const key = randomUUID();
    const body = { sessionId: session.id, childNames: ['Ava'] };
    expect((await api.post('/api/bookings', body, withKey(key))).status).toBe(201);
    const thisKey = and(eq(idempotencyKeys.userId, id), eq(idempotencyKeys.key, key));
    const dayAndAMinuteAgo = new Date(NOW.getTime() - 24 * 60 * 60 * 1000 - 60_000);
    await db().update(idempotencyKeys).set({ createdAt: dayAndAMinuteAgo }).where(thisKey);
    const late = await api.post('/api/bookings', body, withKey(key));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Ava is already booked in this session');
    expect(late.headers.get('idempotent-replayed')).toBeNull();

    await db().update(idempotencyKeys).set({ createdAt: dayAndAMinuteAgo }).where(thisKey);
    const fresh = randomUUID();
    await api.post('/api/bookings', body, withKey(fresh));
    const cleanup = dailyJobs(server.app.env).find((job) => job.name === IDEMPOTENCY_KEYS_CLEANUP_JOB)!;
    expect(await db().transaction((tx) => cleanup.run(tx, NOW))).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });
});

describe('cancel and reschedule with an Idempotency-Key', () => {
  it('a repeated cancel gets the first answer and cancels and emails once', async () => {
    const { api, email } = await signedInParent([['Ava', 3]]);
    const session = await newSession(at(9, 13));
    const booking = (await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] })).body;
    const key = randomUUID();
    const first = await api.post(`/api/bookings/${booking.id}/cancel`, undefined, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('CANCELLED');
    const repeat = await api.post(`/api/bookings/${booking.id}/cancel`, undefined, withKey(key));
    expect(sent(repeat)).toEqual(sent(first));
    expect(await bookedCount(session.id)).toBe(0);
    expect(await mailsTo(email, 'booking-cancelled')).toHaveLength(1);
    // A new attempt is told the truth.
    expect((await api.post(`/api/bookings/${booking.id}/cancel`, undefined, withKey(randomUUID()))).status).toBe(409);
  });

  it('a repeated reschedule gets the first answer and moves and emails once', async () => {
    const { api, email } = await signedInParent([['Ava', 3]]);
    const from = await newSession(at(9, 14));
    const to = await newSession(at(10, 14));
    const elsewhere = await newSession(at(11, 14));
    const booking = (await api.post('/api/bookings', { sessionId: from.id, childNames: ['Ava'] })).body;
    const key = randomUUID();
    const first = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: to.id }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: booking.id, sessionId: to.id, calendarSequence: 1 });
    const repeat = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: to.id }, withKey(key));
    expect(sent(repeat)).toEqual(sent(first));
    expect(await bookedCount(from.id)).toBe(0);
    expect(await bookedCount(to.id)).toBe(1);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.calendarSequence).toBe(1);
    expect(await mailsTo(email, 'booking-rescheduled')).toHaveLength(1);

    const elsewhereSameKey = await api.post(`/api/bookings/${booking.id}/reschedule`, { newSessionId: elsewhere.id }, withKey(key));
    expect(elsewhereSameKey.status).toBe(422);
    expect(await bookedCount(elsewhere.id)).toBe(0);
  });
});
