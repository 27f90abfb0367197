import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bookings, emailOutbox, sessions } from '../db/schema';
import { createSession, nextTorontoWeekAt, signInNewParent } from '../test-support/fixtures';
import { injectConflicts } from '../test-support/inject-conflicts';
import { withApi } from '../test-support/with-api';

// Issue 29, item 15 (docs/decisions/022-lock-order-and-retries.md): a transaction PostgreSQL fails for a conflict with
// another one (40P01 deadlock detected, 40001 could not serialize) is rolled back whole; the unit of work runs it
// again, a few times at most, and the parent gets the answer of the attempt that committed (not a 500), with one
// e-mail. The failures are injected by a trigger on the family's booking rows (test-support/inject-conflicts.ts).

const { server, classType } = withApi({ classType: 'Retry class' });
const db = () => server.database.db;
const mailsTo = (email: string, template: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
const newSession = (day: number) => createSession(db(), { classTypeId: classType.id, startsAt: nextTorontoWeekAt(new Date(), day, 16) });

describe('a booking write that loses a deadlock', () => {
  it('is run again: 201 with one booking and one confirmation email, the retry logged at warn', async () => {
    const session = await newSession(1);
    const parent = await signInNewParent(server, [['Remy', 3]]);
    const injected = await injectConflicts(db(), { userId: parent.id, times: 1 });
    const warn = vi.spyOn(server.app.log, 'warn');
    try {
      const res = await parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Remy'] });
      expect(res.status).toBe(201);
      expect(res.body.childNames).toEqual(['Remy']);
      expect(await injected.raised()).toBe(1);
      expect(await db().select().from(bookings).where(eq(bookings.familyId, parent.id))).toHaveLength(1);
      expect((await db().select().from(sessions).where(eq(sessions.id, session.id)))[0]!.bookedCount).toBe(1);
      expect(await mailsTo(parent.email, 'booking-confirmed')).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ sqlState: '40P01', attempt: 1 }), expect.stringContaining('deadlock'));
    } finally {
      warn.mockRestore();
      await injected.remove();
    }
  });

  it('a cancellation refused twice for a serialization failure commits at the third attempt: 200, one cancellation email', async () => {
    const session = await newSession(2);
    const parent = await signInNewParent(server, [['Sasha', 3]]);
    const booked = await parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Sasha'] });
    expect(booked.status).toBe(201);
    const injected = await injectConflicts(db(), { userId: parent.id, times: 2, sqlState: '40001' });
    try {
      const res = await parent.api.post(`/api/bookings/${booked.body.id}/cancel`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('CANCELLED');
      expect(await injected.raised()).toBe(2);
      expect((await db().select().from(sessions).where(eq(sessions.id, session.id)))[0]!.bookedCount).toBe(0);
      expect(await mailsTo(parent.email, 'booking-cancelled')).toHaveLength(1);
    } finally {
      await injected.remove();
    }
  });

  it('is tried three times at most: a conflict on every attempt is a 500 and changes nothing', async () => {
    const session = await newSession(3);
    const parent = await signInNewParent(server, [['Tove', 3]]);
    const injected = await injectConflicts(db(), { userId: parent.id, times: 100 });
    try {
      const res = await parent.api.post('/api/bookings', { sessionId: session.id, childNames: ['Tove'] });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
      expect(await injected.raised()).toBe(3);
      expect(await db().select().from(bookings).where(eq(bookings.familyId, parent.id))).toHaveLength(0);
      expect(await mailsTo(parent.email, 'booking-confirmed')).toHaveLength(0);
    } finally {
      await injected.remove();
    }
  });
});
