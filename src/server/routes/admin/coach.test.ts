import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/product';
import { torontoTime } from '../../../shared/rules/week';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// Issue 34, the coach role (docs/decisions/030-staff-trust.md): made by the office, works the door — the check-in and
// the rosters of today's and tomorrow's sessions — and nothing else of the admin area (the authorization matrix,
// authz-matrix.test.ts, holds every route's answer). The clock: Wednesday 2026-11-25, 16:00 in Toronto.
const NOW = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());

const {
  server,
  clients: { admin, owner },
} = withApi({ as: ['admin', 'owner'], clock: () => NOW });
const db = () => server.database.db;

let created = 0;
/** A coach made through the office's form, signed in. */
async function newCoach(by = admin) {
  created += 1;
  const email = `coach-${created}-${Date.now()}@example.com`;
  const res = await by.post('/api/admin/users', { email, firstName: 'Casey', lastName: `Coach${created}`, password: 'coach-pass-1', role: 'COACH', planTier: 'ONE', weeklyLimit: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const api = new ApiClient(server.baseUrl);
  await api.login(email, 'coach-pass-1');
  return { id: res.body.id as string, email, api };
}

async function sessionOn(day: number, hour = 17) {
  const classType = await createClassType(db(), { name: `Coach Class ${day}-${hour}-${Date.now()}` });
  return createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, day, hour, 0).getTime()), capacity: 10 });
}

describe('the coach role', () => {
  it('is given by an administrator; the coach signs in as COACH and the users list shows the role', async () => {
    const coach = await newCoach();
    const me = await coach.api.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('COACH');
    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(coach.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.users.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([[coach.email, 'COACH']]);
  });

  it('checks a child in at the door and undoes it, for today’s session', async () => {
    const coach = await newCoach();
    const today = await sessionOn(25, 17);
    const family = await signInNewParent(server, [['Ava', 7]]);
    const booked = await family.api.post('/api/bookings', { sessionId: today.id, childNames: ['Ava'] });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const found = await coach.api.post('/api/admin/check-in/lookup', { sessionId: today.id, reference: bookingReference(booked.body.id) });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const childId = found.body.children[0].childId as string;
    const marked = await coach.api.post('/api/admin/check-in', { bookingId: booked.body.id, childId });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const undone = await coach.api.post('/api/admin/check-in/undo', { bookingId: booked.body.id, childId });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  });

  it('reads the rosters of today’s and tomorrow’s sessions only (COACH_DAY_ONLY otherwise); the office reads any', async () => {
    const coach = await newCoach();
    const [yesterday, today, tomorrow, later] = [await sessionOn(24), await sessionOn(25), await sessionOn(26, 9), await sessionOn(27, 9)];
    for (const s of [today, tomorrow]) expect((await coach.api.get(`/api/admin/sessions/${s.id}/roster`)).status).toBe(200);
    for (const s of [yesterday, later]) {
      const refused = await coach.api.get(`/api/admin/sessions/${s.id}/roster`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: "Coaches see the rosters of today's and tomorrow's sessions only.", code: 'COACH_DAY_ONLY' });
      expect((await admin.get(`/api/admin/sessions/${s.id}/roster`)).status).toBe(200);
    }
    // The roster's CSV, the office's other screens: administrators only.
    expect((await coach.api.get(`/api/admin/sessions/${today.id}/roster/export.csv`)).status).toBe(403);
    expect((await coach.api.get('/api/admin/users')).body).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });
  });

  it('an ADMIN edits and deactivates a coach (a coach is not an administrator the SUPER_ADMIN alone may change)', async () => {
    const coach = await newCoach(owner);
    const renamed = await admin.request('PATCH', `/api/admin/users/${coach.id}`, { firstName: 'Casey-Jo' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const deactivated = await admin.request('PATCH', `/api/admin/users/${coach.id}`, { isActive: false });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect((await coach.api.get('/api/me')).status).toBe(401);
  });
});
