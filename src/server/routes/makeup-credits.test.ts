import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditExpiry } from '../../shared/rules/cancellation';
import { DEFAULT_POLICIES } from '../../shared/schemas/settings';
import { MAKEUP_CREDIT_USED } from '../../shared/schemas/makeup-credits';
import { children, makeupCredits, officeActions } from '../db/schema';
import { book, booked } from '../test-support/bookings';
import { at, NOW } from '../test-support/clock';
import { createClassType, createSession, signInNewGuardian, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';

// Issue 32, make-up credits (docs/product-rules.md "Absences, make-ups and closures"): a credit lets a child book one
// session beyond its weekly limit, before the credit ends; the booking uses it, an early cancellation of that booking
// gives it back; the office grants and removes credits with a note. The clock stands on Wednesday 2026-11-18 12:00 in
// Toronto unless a test moves it.

let now = NOW;
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now });
let classTypeId: string;
beforeAll(async () => {
  classTypeId = (await createClassType(server.database.db, { code: 'MKU', name: 'Make-up Class' })).id;
});
afterEach(async () => {
  now = NOW;
  await admin.request('PUT', '/api/admin/settings/policies', DEFAULT_POLICIES);
});

const db = () => server.database.db;
const newSession = (startsAt: Date, capacity = 10) => createSession(db(), { classTypeId, startsAt, capacity });
const childOf = async (familyId: string, name: string) =>
  (await db().select().from(children).where(and(eq(children.familyId, familyId), eq(children.name, name))))[0]!.id;
const creditsOf = (childId: string) => db().select().from(makeupCredits).where(eq(makeupCredits.childId, childId)).orderBy(asc(makeupCredits.createdAt));
const giveCredit = async (familyId: string, childId: string, expiresAt: Date) =>
  (await db().insert(makeupCredits).values({ familyId, childId, reason: 'OFFICE', expiresAt }).returning())[0]!;
type Stat = { name: string; used: number; limit: number; makeupCredits: number; makeupCreditExpiries: string[] };
const statOf = async (api: { get: (path: string) => Promise<{ body: { children: Stat[] } }> }, name: string, week = '2026-11-18') =>
  (await api.get(`/api/me/child-stats?week=${week}`)).body.children.find((child) => child.name === name)!;

describe('a credit lets a child book one session beyond its weekly limit', () => {
  it('an early cancellation gives Leo a credit; it books a session beyond his limit once; the next one is refused', async () => {
    const fam = await signInNewParent(server, [['Leo', 1]]);
    const leoId = await childOf(fam.id, 'Leo');
    const monday = await newSession(at(7, 17));
    const tuesday = await newSession(at(8, 17));
    const wednesday = await newSession(at(9, 17));
    const thursday = await newSession(at(10, 17));
    // Leo holds his one session of next week, and cancels another booking well before its cut-off: a credit.
    await booked(fam, monday.id, ['Leo']);
    const dropped = await booked(fam, await newSession(at(3, 17)).then((s) => s.id), ['Leo']);
    expect((await fam.api.post(`/api/bookings/${dropped}/cancel`)).status).toBe(200);
    const [credit] = await creditsOf(leoId);
    expect(credit).toMatchObject({ reason: 'CANCELLATION', sourceBookingId: dropped, usedBookingId: null, expiresAt: creditExpiry(NOW, 30) });
    expect(await statOf(fam.api, 'Leo', '2026-11-23')).toMatchObject({
      used: 1,
      limit: 1,
      makeupCredits: 1,
      makeupCreditExpiries: [credit!.expiresAt.toISOString()],
    });

    // Beyond the limit with the credit: booked, and the credit is this booking's now.
    const extra = await book(fam, tuesday.id, ['Leo']);
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    expect(await creditsOf(leoId)).toMatchObject([{ id: credit!.id, usedBookingId: extra.body.id, usedAt: NOW }]);
    expect(await statOf(fam.api, 'Leo', '2026-11-23')).toMatchObject({ used: 2, limit: 1, makeupCredits: 0, makeupCreditExpiries: [] });

    // No credit left: the weekly limit holds again, as before.
    const refused = await book(fam, wednesday.id, ['Leo']);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'WEEKLY_LIMIT_REACHED' });
    expect(refused.body.message).toContain('Leo has reached the weekly limit');

    // The booking made with the credit, cancelled before the cut-off: the same credit back (no second one).
    expect((await fam.api.post(`/api/bookings/${extra.body.id}/cancel`)).status).toBe(200);
    expect(await creditsOf(leoId)).toEqual([expect.objectContaining({ id: credit!.id, usedBookingId: null, usedAt: null })]);
    expect((await book(fam, thursday.id, ['Leo'])).status).toBe(201);
  });

  it('a credit covers a session that starts before its end: ending at the start, or before it, books nothing; the earliest-ending is used first', async () => {
    const fam = await signInNewParent(server, [['Ava', 1]]);
    const avaId = await childOf(fam.id, 'Ava');
    const friday = await newSession(at(11, 17));
    await booked(fam, await newSession(at(7, 17)).then((s) => s.id), ['Ava']);
    const endsAtStart = await giveCredit(fam.id, avaId, friday.startsAt);
    await giveCredit(fam.id, avaId, at(9, 0));

    const refused = await book(fam, friday.id, ['Ava']);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WEEKLY_LIMIT_REACHED');
    expect((await creditsOf(avaId)).every((credit) => credit.usedBookingId === null)).toBe(true);

    // Two that cover it: the one ending sooner is spent, the later one stays.
    const soon = await giveCredit(fam.id, avaId, new Date(friday.startsAt.getTime() + 1));
    const later = await giveCredit(fam.id, avaId, at(30, 0));
    const res = await book(fam, friday.id, ['Ava']);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await creditsOf(avaId);
    expect(after.find((credit) => credit.id === soon.id)).toMatchObject({ usedBookingId: res.body.id });
    expect(after.find((credit) => credit.id === later.id)).toMatchObject({ usedBookingId: null });
    expect(after.find((credit) => credit.id === endsAtStart.id)).toMatchObject({ usedBookingId: null });
  });

  it('an ended credit is not offered: child-stats lists only credits still running (the end is a Toronto midnight)', async () => {
    const fam = await signInNewParent(server, [['Mia', 1]]);
    const miaId = await childOf(fam.id, 'Mia');
    await giveCredit(fam.id, miaId, at(2, 12)); // ends now
    const running = await giveCredit(fam.id, miaId, at(3, 0));
    expect(await statOf(fam.api, 'Mia')).toMatchObject({ makeupCredits: 1, makeupCreditExpiries: [running.expiresAt.toISOString()] });
    now = at(3, 0);
    expect(await statOf(fam.api, 'Mia')).toMatchObject({ makeupCredits: 0, makeupCreditExpiries: [] });
  });

  it('a late cancellation of a booking made with a credit keeps the credit spent; no credit at all while credits are off', async () => {
    const fam = await signInNewParent(server, [['Noah', 1]]);
    const noahId = await childOf(fam.id, 'Noah');
    const today = await newSession(at(2, 13));
    await booked(fam, await newSession(at(3, 17)).then((s) => s.id), ['Noah']);
    const credit = await giveCredit(fam.id, noahId, at(20, 0));
    const withCredit = await booked(fam, today.id, ['Noah']);
    // 13:00 today with a 2-hour cut-off: at noon it is late.
    expect((await fam.api.post(`/api/bookings/${withCredit}/cancel`)).status).toBe(200);
    expect(await creditsOf(noahId)).toEqual([expect.objectContaining({ id: credit.id, usedBookingId: withCredit })]);

    expect((await admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, makeupCreditsEnabled: false })).status).toBe(200);
    const early = await booked(fam, await newSession(at(8, 17)).then((s) => s.id), ['Noah']);
    expect((await fam.api.post(`/api/bookings/${early}/cancel`)).status).toBe(200);
    expect(await creditsOf(noahId)).toHaveLength(1);
  });

  it('two guardians spending the one credit at once: one booking beyond the limit, the other refused', async () => {
    const fam = await signInNewParent(server, [['Ivy', 1]]);
    const second = await signInNewGuardian(server, fam.id);
    const ivyId = await childOf(fam.id, 'Ivy');
    await booked(fam, await newSession(at(7, 9)).then((s) => s.id), ['Ivy']);
    await giveCredit(fam.id, ivyId, at(20, 0));
    const [a, b] = await Promise.all([
      book(fam, await newSession(at(8, 9)).then((s) => s.id), ['Ivy']),
      book(second, await newSession(at(9, 9)).then((s) => s.id), ['Ivy']),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const used = (await creditsOf(ivyId)).map((credit) => credit.usedBookingId);
    expect(used).toEqual([a.status === 201 ? a.body.id : b.body.id]);
  });

  it('the front desk spends a credit instead of asking for the override; with the override it spends none', async () => {
    const fam = await signInNewParent(server, [['Zoe', 1]]);
    const zoeId = await childOf(fam.id, 'Zoe');
    await booked(fam, await newSession(at(7, 10)).then((s) => s.id), ['Zoe']);
    const credit = await giveCredit(fam.id, zoeId, at(20, 0));
    const overridden = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: (await newSession(at(8, 10))).id,
      childNames: ['Zoe'],
      overrideWeeklyLimit: true,
      note: 'Coach asked',
    });
    expect(overridden.status).toBe(201);
    expect((await creditsOf(zoeId))[0]).toMatchObject({ id: credit.id, usedBookingId: null });
    const plain = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: (await newSession(at(9, 10))).id, childNames: ['Zoe'] });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect((await creditsOf(zoeId))[0]).toMatchObject({ id: credit.id, usedBookingId: plain.body.id });
  });
});

describe('a move to another week re-decides the credit', () => {
  it('keeps the credit while the new week needs it and it covers the new session; gives it back when the week has room', async () => {
    const fam = await signInNewParent(server, [['Leo', 1]]);
    const leoId = await childOf(fam.id, 'Leo');
    // This week: Leo's one session, and one beyond it with a credit.
    const thursday = await booked(fam, await newSession(at(3, 9)).then((s) => s.id), ['Leo']);
    const credit = await giveCredit(fam.id, leoId, at(10, 0));
    const extra = await booked(fam, await newSession(at(4, 9)).then((s) => s.id), ['Leo']);
    expect((await creditsOf(leoId))[0]!.usedBookingId).toBe(extra);
    // Next week Leo holds his one session too: Friday the 27th still needs a credit, and his ends on the 26th: refused.
    await booked(fam, await newSession(at(7, 9)).then((s) => s.id), ['Leo']);
    const refused = await fam.api.post(`/api/bookings/${extra}/reschedule`, { newSessionId: (await newSession(at(11, 9))).id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WEEKLY_LIMIT_REACHED');
    expect((await creditsOf(leoId))[0]).toMatchObject({ usedBookingId: extra });
    // Tuesday the 24th needs it too, and the credit covers it: moved, the credit still this booking's.
    const kept = await fam.api.post(`/api/bookings/${extra}/reschedule`, { newSessionId: (await newSession(at(8, 9))).id });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await creditsOf(leoId))[0]).toMatchObject({ id: credit.id, usedBookingId: extra });
    // Back to this week once Thursday's booking is cancelled: the week has room, the move needs no credit and gives it back.
    expect((await fam.api.post(`/api/bookings/${thursday}/cancel`)).status).toBe(200);
    const moved = await fam.api.post(`/api/bookings/${extra}/reschedule`, { newSessionId: (await newSession(at(4, 15))).id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await creditsOf(leoId)).find((row) => row.id === credit.id)).toMatchObject({ usedBookingId: null, usedAt: null });
  });
});

describe('the office grants and removes credits on the family page', () => {
  it('grants one with a note (the policy’s days), lists it to the office and the family, removes it with a note; both recorded', async () => {
    const fam = await signInNewParent(server, [
      ['Ava', 2],
      ['Leo', 1],
    ]);
    const leoId = await childOf(fam.id, 'Leo');
    expect((await admin.request('PUT', '/api/admin/settings/policies', { ...DEFAULT_POLICIES, makeupCreditValidityDays: 14 })).status).toBe(200);

    const noNote = await admin.post(`/api/admin/users/${fam.id}/makeup-credits`, { childId: leoId, note: '  ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toContain('Add a note saying why');
    const granted = await admin.post(`/api/admin/users/${fam.id}/makeup-credits`, { childId: leoId, note: 'Pool closed on his Tuesday' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body).toEqual({
      id: expect.any(String),
      childName: 'Leo',
      reason: 'OFFICE',
      createdAt: NOW.toISOString(),
      expiresAt: creditExpiry(NOW, 14).toISOString(),
      note: 'Pool closed on his Tuesday',
      grantedByName: 'Adam Archer',
    });
    const page = (await admin.get(`/api/admin/users/${fam.id}`)).body;
    expect(page.makeupCredits).toEqual([granted.body]);
    expect(await statOf(fam.api, 'Leo')).toMatchObject({ makeupCredits: 1, makeupCreditExpiries: [granted.body.expiresAt] });
    // The family never reads the office's note.
    expect(JSON.stringify((await fam.api.get('/api/me/child-stats')).body)).not.toContain('Pool closed');

    // Another family's child, or a child that is not a uuid: 404; another family's page cannot remove it.
    const other = await signInNewParent(server, [['Kai', 1]]);
    expect((await admin.post(`/api/admin/users/${fam.id}/makeup-credits`, { childId: await childOf(other.id, 'Kai'), note: 'x' })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/users/${other.id}/makeup-credits/${granted.body.id}`, { note: 'x' })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/users/${fam.id}/makeup-credits/${granted.body.id}`, {})).status).toBe(400);

    const removed = await admin.request('DELETE', `/api/admin/users/${fam.id}/makeup-credits/${granted.body.id}`, { note: 'Given twice' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Make-up credit removed' });
    expect((await admin.get(`/api/admin/users/${fam.id}`)).body.makeupCredits).toEqual([]);
    expect(await statOf(fam.api, 'Leo')).toMatchObject({ makeupCredits: 0 });
    expect((await admin.request('DELETE', `/api/admin/users/${fam.id}/makeup-credits/${granted.body.id}`, { note: 'again' })).status).toBe(404);
    expect((await creditsOf(leoId))[0]).toMatchObject({ removedAt: NOW, removedByName: 'Adam Archer', removalNote: 'Given twice' });

    const actions = await db().select().from(officeActions).where(eq(officeActions.familyId, fam.id)).orderBy(asc(officeActions.createdAt));
    expect(actions.map((row) => [row.action, row.note])).toEqual([
      ['GRANT_CREDIT', 'Pool closed on his Tuesday'],
      ['REMOVE_CREDIT', 'Given twice'],
    ]);
    expect(page.actions[0]).toMatchObject({ action: 'GRANT_CREDIT', childNames: ['Leo'], note: 'Pool closed on his Tuesday' });
  });

  it('a credit a booking uses cannot be removed (409 MAKEUP_CREDIT_USED); a parent cannot grant one', async () => {
    const fam = await signInNewParent(server, [['Leo', 1]]);
    const leoId = await childOf(fam.id, 'Leo');
    await booked(fam, await newSession(at(7, 11)).then((s) => s.id), ['Leo']);
    const granted = await admin.post(`/api/admin/users/${fam.id}/makeup-credits`, { childId: leoId, note: 'Snow day make-up' });
    const extra = await booked(fam, await newSession(at(8, 11)).then((s) => s.id), ['Leo']);
    const res = await admin.request('DELETE', `/api/admin/users/${fam.id}/makeup-credits/${granted.body.id}`, { note: 'oops' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'MAKEUP_CREDIT_USED', message: MAKEUP_CREDIT_USED });
    expect((await creditsOf(leoId))[0]).toMatchObject({ usedBookingId: extra, removedAt: null });
    expect((await fam.api.post(`/api/admin/users/${fam.id}/makeup-credits`, { childId: leoId, note: 'mine' })).status).toBe(403);
  });
});

describe('Settings → Policies', () => {
  it('saves a whole valid value and refuses a bad one with the field named', async () => {
    const saved = { cancellationCutoffHours: 12, makeupCreditsEnabled: true, makeupCreditValidityDays: 60, noShowRuleEnabled: true, noShowLimit: 2 };
    expect((await admin.request('PUT', '/api/admin/settings/policies', saved)).body).toEqual(saved);
    expect((await admin.get('/api/admin/settings/policies')).body).toEqual(saved);
    // Families read the same policies (the cancel dialog tells whether cancelling now gives a credit).
    const fam = await signInNewParent(server, [['Ava', 1]]);
    expect((await fam.api.get('/api/policies')).body).toEqual(saved);
    expect((await fam.api.request('PUT', '/api/admin/settings/policies', saved)).status).toBe(403);
    const bad = await admin.request('PUT', '/api/admin/settings/policies', { ...saved, makeupCreditValidityDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Credit validity (days) must be at least 1');
    const partial = await admin.request('PUT', '/api/admin/settings/policies', { cancellationCutoffHours: 3 });
    expect(partial.status).toBe(400);
    expect((await admin.get('/api/admin/settings/policies')).body).toEqual(saved);
  });
});
