import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/product';
import { torontoTime } from '../../../shared/rules/week';
import { runUnitOfWork } from '../../db/unit-of-work';
import { activityEntries, children, classTypes } from '../../db/schema';
import { expireActivity } from '../../services/activity/expire-activity';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// Issue 34, the activity log (docs/product-rules.md "Activity log"): every change a staff member makes is one entry,
// written by the database in the change's own transaction; GET /api/admin/activity and its CSV read it; nothing
// changes or deletes an entry but the retention job. The clock: Wednesday 2026-11-25, 16:00 in Toronto.
const NOW = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
const {
  server,
  clients: { admin, owner },
} = withApi({ as: ['admin', 'owner'], clock: () => NOW });
const db = () => server.database.db;

let made = 0;
const unique = () => `${Date.now().toString(36)}${(made += 1)}`;

/** A family with one child, and the id of the child. */
async function familyWithChild(childName = `Kid${unique()}`) {
  const family = await signInNewParent(server, [[childName, 2]]);
  const [child] = await db().select().from(children).where(eq(children.familyId, family.id));
  return { ...family, childId: child!.id, childName };
}

const newestEntry = async () => (await db().select().from(activityEntries).orderBy(desc(activityEntries.at), desc(activityEntries.id)).limit(1))[0];
const entryCount = async () => (await db().select({ id: activityEntries.id }).from(activityEntries)).length;

describe('a staff change is one entry, in its own transaction', () => {
  it('names who (with their role), what, on what, the fields before and after, when and from where; notes are marked, never copied', async () => {
    const family = await familyWithChild();
    const note = `Peanut allergy ${unique()}`;
    const changed = await admin.request('PATCH', `/api/admin/users/${family.id}/children/${family.childId}`, {
      birthDate: '2016-05-01',
      medicalNotes: note,
      needsAttention: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const page = await admin.get(`/api/admin/activity?familyId=${family.id}`);
    expect(page.status).toBe(200);
    expect(page.body.entries).toHaveLength(1);
    const [entry] = page.body.entries;
    expect(entry).toMatchObject({
      actor: { name: 'Adam Archer', role: 'ADMIN' },
      kind: 'child.update',
      kindLabel: 'Child changed',
      subject: { type: 'children', id: family.childId },
      family: { id: family.id, name: expect.any(String) },
      familyCount: 1,
      changeCount: 1,
      address: expect.any(String),
    });
    expect(Date.parse(entry.at)).not.toBeNaN();
    const fields = Object.fromEntries(entry.changes[0].fields.map((f: { field: string }) => [f.field, f]));
    expect(entry.changes[0]).toMatchObject({ table: 'children', op: 'UPDATE', id: family.childId });
    expect(fields.birth_date).toEqual({ field: 'birth_date', before: null, after: '2016-05-01' });
    expect(fields.needs_attention).toEqual({ field: 'needs_attention', before: false, after: true });
    expect(fields.medical_notes).toEqual({ field: 'medical_notes', redacted: true });
    // The note is nowhere in the log, not in the API's answer nor in the table.
    expect(JSON.stringify(page.body)).not.toContain(note);
    expect(JSON.stringify(await db().select().from(activityEntries))).not.toContain(note);
  });

  it("a coach's check-in and its undo are two entries with the role COACH; the family's own booking is none", async () => {
    const email = `coach-${unique()}@example.com`;
    expect((await admin.post('/api/admin/users', { email, firstName: 'Casey', lastName: 'Coach', password: 'coach-pass-1', role: 'COACH', planTier: 'ONE', weeklyLimit: 1 })).status).toBe(201);
    const coach = new ApiClient(server.baseUrl);
    await coach.login(email, 'coach-pass-1');
    const classType = await createClassType(db());
    const today = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 25, 17, 0).getTime()) });
    const family = await familyWithChild();
    const before = await entryCount();
    const booked = await family.api.post('/api/bookings', { sessionId: today.id, childNames: [family.childName] });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await entryCount()).toBe(before);

    const found = await coach.post('/api/admin/check-in/lookup', { sessionId: today.id, reference: bookingReference(booked.body.id) });
    expect(await entryCount()).toBe(before);
    const childId = found.body.children[0].childId as string;
    expect((await coach.post('/api/admin/check-in', { bookingId: booked.body.id, childId })).status).toBe(200);
    expect((await coach.post('/api/admin/check-in/undo', { bookingId: booked.body.id, childId })).status).toBe(200);

    const page = await admin.get(`/api/admin/activity?sessionId=${today.id}`);
    expect(page.body.entries.map((e: { kind: string; actor: { role: string; name: string } }) => [e.kind, e.actor.role, e.actor.name])).toEqual([
      ['check-in.undo', 'COACH', 'Casey Coach'],
      ['check-in', 'COACH', 'Casey Coach'],
    ]);
    const checkIn = page.body.entries[1];
    expect(checkIn.session).toEqual({ id: today.id, className: classType.name, startsAt: today.startsAt.toISOString() });
    expect(checkIn.changes[0]).toMatchObject({ table: 'booking_children', op: 'UPDATE', id: `${booked.body.id}/${childId}` });
    expect(checkIn.changes[0].fields.map((f: { field: string }) => f.field).sort()).toEqual(['checked_in_at', 'checked_in_by_admin_id', 'checked_in_by_name']);
    // A coach does not read the log.
    expect((await coach.get('/api/admin/activity')).status).toBe(403);
  });

  it("the office's booking for a family is its own entry even when it runs in a group with families' bookings", async () => {
    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 27, 17, 0).getTime()) });
    const office = await familyWithChild();
    const others = await Promise.all([familyWithChild(), familyWithChild(), familyWithChild()]);
    const before = await entryCount();
    const answers = await Promise.all([
      admin.post('/api/admin/bookings', { userId: office.id, sessionId: session.id, childNames: [office.childName] }),
      ...others.map((family) => family.api.post('/api/bookings', { sessionId: session.id, childNames: [family.childName] })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(await entryCount()).toBe(before + 1);
    const entry = await newestEntry();
    expect(entry).toMatchObject({ kind: 'booking.create', actorRole: 'ADMIN', subjectType: 'bookings', subjectId: answers[0]!.body.id, familyIds: [office.id] });
    expect(entry!.sessionIds).toEqual([session.id]);
  });

  it('a change and its entry commit or roll back together', async () => {
    const classType = await createClassType(db());
    const actor = { id: (await newestEntry())!.actorId, role: 'ADMIN', name: 'Adam Archer', kind: 'class.update', address: '127.0.0.1' };
    const after = { announce: () => undefined, mailQueued: () => undefined };
    const before = await entryCount();
    const rename = (name: string) => (tx: Parameters<Parameters<typeof runUnitOfWork>[1]>[0]) => tx.update(classTypes).set({ name }).where(eq(classTypes.id, classType.id));

    // The work fails after its change: neither the change nor an entry stays.
    await expect(
      runUnitOfWork(db(), async (tx) => {
        await rename('Renamed then failed')(tx);
        throw new Error('the service failed after its change');
      }, after, {}, actor),
    ).rejects.toThrow('the service failed after its change');
    // The entry cannot be written (a kind the log refuses): the change does not commit either.
    await expect(runUnitOfWork(db(), rename('Renamed without its entry'), after, {}, { ...actor, kind: 'x'.repeat(81) })).rejects.toThrow();
    const [unchanged] = await db().select().from(classTypes).where(eq(classTypes.id, classType.id));
    expect(unchanged!.name).toBe(classType.name);
    expect(await entryCount()).toBe(before);

    // Both commit.
    await runUnitOfWork(db(), rename('Renamed with its entry'), after, {}, actor);
    expect(await entryCount()).toBe(before + 1);
    expect((await newestEntry())!.changes).toEqual([
      {
        table: 'class_types',
        op: 'UPDATE',
        id: classType.id,
        label: 'Renamed with its entry',
        family: null,
        session: null,
        fields: [{ field: 'name', before: classType.name, after: 'Renamed with its entry' }],
      },
    ]);
  });
});

describe('append-only', () => {
  it('the database refuses to change, delete or truncate an entry; the retention job alone deletes the old ones', async () => {
    const classType = await createClassType(db());
    expect((await admin.request('PUT', `/api/admin/classes/${classType.id}`, { name: classType.name, description: `Changed ${unique()}` })).status).toBe(200);
    const entry = (await newestEntry())!;
    for (const statement of [
      sql`update activity_entries set actor_name = 'Somebody else' where id = ${entry.id}`,
      sql`delete from activity_entries where id = ${entry.id}`,
      sql`truncate activity_entries`,
    ]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }
    expect((await db().select().from(activityEntries).where(eq(activityEntries.id, entry.id)))[0]).toEqual(entry);
    // No route changes or deletes one either: the log's routes are reads.
    const logRoutes = server.app.apiRoutes.filter((route) => route.url.startsWith('/api/admin/activity'));
    expect(logRoutes.map((route) => route.method).sort()).toEqual(['GET', 'GET', 'GET']);

    // ACTIVITY_RETENTION_MONTHS (24) after, the job deletes it; a month before, it keeps it.
    const keep = await server.app.unitOfWork((tx) => expireActivity(tx, { now: new Date(entry.at.getTime() + 700 * 86_400_000), retentionMonths: 24 }));
    expect(keep.activityEntriesDeleted).toBe(0);
    const gone = await server.app.unitOfWork((tx) => expireActivity(tx, { now: new Date(entry.at.getTime() + 740 * 86_400_000), retentionMonths: 24 }));
    expect(gone.activityEntriesDeleted).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(activityEntries).where(eq(activityEntries.id, entry.id))).toEqual([]);
  });
});

describe('GET /api/admin/activity', () => {
  it('filters by person, kind and dates, newest first, in pages joined by a cursor', async () => {
    const classType = await createClassType(db());
    for (const by of [admin, owner, admin]) {
      expect((await by.request('PUT', `/api/admin/classes/${classType.id}`, { name: classType.name, description: `Described ${unique()}` })).status).toBe(200);
    }
    const ownerId = (await owner.get('/api/me')).body.id as string;
    const byOwner = await admin.get(`/api/admin/activity?personId=${ownerId}&kind=class.update`);
    expect(byOwner.body.entries.every((e: { actor: { id: string } }) => e.actor.id === ownerId)).toBe(true);
    expect(byOwner.body.entries.length).toBeGreaterThanOrEqual(1);

    const first = await admin.get('/api/admin/activity?kind=class.update&limit=2');
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await admin.get(`/api/admin/activity?kind=class.update&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    const ids = [...first.body.entries, ...second.body.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await admin.get('/api/admin/activity?kind=class.update&limit=200');
    expect(all.body.entries.slice(0, ids.length).map((e: { id: string }) => e.id)).toEqual(ids);
    const times = all.body.entries.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Dates are Toronto days; none of these entries is before today.
    expect((await admin.get('/api/admin/activity?kind=class.update&to=2000-01-01')).body.entries).toEqual([]);
    expect((await admin.get('/api/admin/activity?from=2026-12-31&to=2026-12-01')).status).toBe(400);
    const bad = await admin.get('/api/admin/activity?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('ACTIVITY_CURSOR_INVALID');
    expect((await admin.get('/api/admin/activity?personId=someone')).status).toBe(400);

    const people = await admin.get('/api/admin/activity/people');
    expect(people.body.people).toEqual(expect.arrayContaining([{ id: ownerId, name: 'Olivia Owens', role: 'SUPER_ADMIN' }]));
  });

  it('exports the filter as CSV, formula-safe', async () => {
    const family = await familyWithChild();
    const renamed = await admin.request('PATCH', `/api/admin/users/${family.id}`, { firstName: '=HYPERLINK("http://evil.example")' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const res = await admin.get(`/api/admin/activity/export.csv?familyId=${family.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="activity-2026-11-25.csv"');
    const text = String(res.body);
    const [header, firstRow, end] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('When,Who,Role,What,Family,Session,Changes,Address,Entry');
    // When: the database's clock (Toronto time), not the test's pinned one.
    expect(firstRow).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Adam Archer,Admin,Account changed,"'=HYPERLINK\(""http:\/\/evil\.example""\) /);
    expect(firstRow).toContain(`account '=HYPERLINK(""http://evil.example"") Parent' changed: first name: Test → `);
    expect(end).toBe('');
  });
});
