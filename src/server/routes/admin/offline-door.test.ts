import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/product';
import { torontoTime } from '../../../shared/rules/week';
import { activityEntries, bookingChildren } from '../../db/schema';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';

// Issue 34, the door without Wi-Fi, on the server's side: a tap queued on a device is sent later with an
// Idempotency-Key (a repeat changes nothing) and the time it was made; a booking cancelled meanwhile is refused, so
// the device can show the coach the conflict. The clock: Wednesday 2026-11-25 in Toronto, moved by the tests.
let now = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
const {
  server,
  clients: { admin },
} = withApi({ as: ['admin'], clock: () => now, env: { ADMIN_SESSION_IDLE_MINUTES: '10080' } });
const db = () => server.database.db;

async function bookedToday(hour: number, minute = 0, kids = ['Ava']) {
  const classType = await createClassType(db());
  const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 25, hour, minute).getTime()), capacity: 10 });
  const family = await signInNewParent(server, kids.map((name) => [name, 7] as [string, number]));
  const booked = await family.api.post('/api/bookings', { sessionId: session.id, childNames: kids });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const [child] = await db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, booked.body.id));
  return { session, family, bookingId: booked.body.id as string, childId: child!.childId };
}

const send = (path: 'check-in' | 'check-in/undo', body: object, key: string) => admin.post(`/api/admin/${path}`, body, { 'idempotency-key': key });

describe('a tap queued offline, sent when the network returns', () => {
  it('sent twice with its key, it is one check-in (the second answer replayed) and one activity entry', async () => {
    now = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
    const { bookingId, childId } = await bookedToday(17);
    const tappedAt = new Date(torontoTime(2026, 11, 25, 15, 50).getTime()).toISOString();
    const key = randomUUID();
    const first = await send('check-in', { bookingId, childId, tappedAt }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.child.checkedInAt).toBe(tappedAt);
    const again = await send('check-in', { bookingId, childId, tappedAt }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const entries = await db().select().from(activityEntries).where(eq(activityEntries.subjectId, `${bookingId}/${childId}`));
    expect(entries).toHaveLength(1);

    // An undo queued after it, then the check-in's key sent a third time (a lost answer): the child stays not present.
    expect((await send('check-in/undo', { bookingId, childId }, randomUUID())).status).toBe(200);
    expect((await send('check-in', { bookingId, childId, tappedAt }, key)).headers.get('idempotent-replayed')).toBe('true');
    const [row] = await db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, bookingId));
    expect(row!.checkedInAt).toBeNull();

    // The same key with another request is refused.
    const reused = await send('check-in/undo', { bookingId, childId }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("keeps the tap's own time when recent, the arrival's otherwise; a tap before midnight sent after it still counts", async () => {
    now = new Date(torontoTime(2026, 11, 25, 22, 0).getTime());
    const late = await bookedToday(22, 30);
    now = new Date(torontoTime(2026, 11, 26, 0, 10).getTime());
    const tappedAt = new Date(torontoTime(2026, 11, 25, 23, 50).getTime()).toISOString();
    const sent = await send('check-in', { bookingId: late.bookingId, childId: late.childId, tappedAt }, randomUUID());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.child.checkedInAt).toBe(tappedAt);

    // A time ahead of the server's clock, or older than 12 hours, is not believed: the arrival's time counts.
    now = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
    const other = await bookedToday(18);
    const ahead = await send('check-in', { bookingId: other.bookingId, childId: other.childId, tappedAt: new Date(now.getTime() + 3_600_000).toISOString() }, randomUUID());
    expect(ahead.body.child.checkedInAt).toBe(now.toISOString());
    expect((await admin.post('/api/admin/check-in', { bookingId: other.bookingId, childId: other.childId, tappedAt: 'yesterday' })).status).toBe(400);
  });

  it('a booking cancelled meanwhile is refused with the reason (the device keeps it as a conflict)', async () => {
    now = new Date(torontoTime(2026, 11, 25, 12, 0).getTime());
    const { bookingId, childId, family } = await bookedToday(19);
    expect((await family.api.post(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    const refused = await send('check-in', { bookingId, childId, tappedAt: now.toISOString() }, randomUUID());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${bookingReference(bookingId)} was cancelled.`);
  });
});
