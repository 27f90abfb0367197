import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../../shared/product';
import { torontoTime } from '../../../shared/rules/week';
import { children, users } from '../../db/schema';
import { createClassType, createSession, signInNewParent } from '../../test-support/fixtures';
import type { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// Issue 31 at the door (docs/privacy.md, "Who sees it"): the roster and the check-in look-up show a 'needs attention'
// flag on a child (its notes only when flagged) and each guardian's phone; the roster CSV carries the phones and the
// flag, never the notes; nobody else sees any of it. The clock is Wednesday 2026-11-25 at 16:00 in Toronto, so a
// session at 17:30 is the door's today.
const NOW = new Date(torontoTime(2026, 11, 25, 16, 0).getTime());
const TODAY = '2026-11-25';

const {
  server,
  clients: { admin, parent },
} = withApi({ as: ['admin', 'parent'], clock: () => NOW });
const db = () => server.database.db;

/** A session of today at 17:30 (Toronto). */
async function sessionToday(minute = 30) {
  const classType = await createClassType(db(), { name: 'Sprint Mechanics' });
  return createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 25, 17, minute).getTime()), capacity: 10 });
}

/** A new family with these children, booked (all of them) into the session by its first guardian. */
async function familyBooked(sessionId: string, kids: string[]) {
  const fam = await signInNewParent(server, kids.map((name) => [name, 7] as [string, number]));
  const res = await fam.api.post('/api/bookings', { sessionId, childNames: kids });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...fam, bookingId: res.body.id as string, reference: bookingReference(res.body.id as string) };
}

/** Writes a child's profile as the family (or the office) would have. */
async function profile(familyId: string, childName: string, fields: { medicalNotes?: string | null; needsAttention?: boolean }) {
  const rows = await db()
    .update(children)
    .set(fields)
    .where(and(eq(children.familyId, familyId), eq(children.name, childName)))
    .returning();
  expect(rows).toHaveLength(1);
}

/** The family's first guardian's phone (and when the account was made). */
async function firstGuardian(id: string, fields: { phone: string | null; createdAt: Date }) {
  await db().update(users).set(fields).where(eq(users.id, id));
}

/** Another guardian of the family (an account with its family_id). */
async function addGuardian(familyId: string, guardian: { firstName: string; lastName: string; phone: string | null; createdAt: Date; deletedAt?: Date }) {
  await db()
    .insert(users)
    .values({ familyId, email: `guardian-${randomUUID()}@example.com`, role: 'PARENT', ...guardian });
}

/** A CSV download's text, byte order mark kept. */
async function csvOf(path: string, as: ApiClient = admin) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: `nb_session=${as.cookie('nb_session')}` } });
  return { status: res.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer())) };
}

interface DoorChild {
  childName: string;
  needsAttention: boolean;
  medicalNotes: string | null;
}
const flags = (list: DoorChild[]) => list.map((c) => [c.childName, c.needsAttention, c.medicalNotes]);

/**
 * A family of three guardians (one deleted account beside them) whose Ava needs attention and whose Leo has notes
 * without the flag; a second family with nothing recorded.
 */
async function door() {
  const session = await sessionToday();
  const note = `Peanut anaphylaxis, EpiPen in the blue bag ${randomUUID()}`;
  const quietNote = `Mild hay fever, nothing to do ${randomUUID()}`;
  const fam = await familyBooked(session.id, ['Ava', 'Leo']);
  await profile(fam.id, 'Ava', { medicalNotes: note, needsAttention: true });
  await profile(fam.id, 'Leo', { medicalNotes: quietNote, needsAttention: false });
  await firstGuardian(fam.id, { phone: '416-555-0147', createdAt: new Date('2026-01-05T12:00:00Z') });
  // Added in this order, and not by name: Zoe (February) before Abe (March); Del's account was deleted.
  await addGuardian(fam.id, { firstName: 'Zoe', lastName: 'Second', phone: '+44 20 7946 0958', createdAt: new Date('2026-02-05T12:00:00Z') });
  await addGuardian(fam.id, { firstName: 'Abe', lastName: 'Third', phone: null, createdAt: new Date('2026-03-05T12:00:00Z') });
  await addGuardian(fam.id, {
    firstName: 'Del',
    lastName: 'Gone',
    phone: '416-555-0199',
    createdAt: new Date('2026-01-01T12:00:00Z'),
    deletedAt: new Date('2026-04-01T12:00:00Z'),
  });
  const other = await familyBooked(session.id, ['Ben']);
  const guardians = [
    { name: 'Test Parent', phone: '416-555-0147' },
    { name: 'Zoe Second', phone: '+44 20 7946 0958' },
    { name: 'Abe Third', phone: null },
  ];
  return { session, fam, other, note, quietNote, guardians };
}

describe('GET /api/admin/sessions/:id/roster: the flag, its notes and the guardians’ phones', () => {
  it('flags the child who needs attention with the notes, gives null notes to one without the flag, and lists live guardians first added first', async () => {
    const { session, fam, other, note, guardians } = await door();
    const res = await admin.get(`/api/admin/sessions/${session.id}/roster`);
    expect(res.status).toBe(200);
    expect(flags(res.body.children)).toEqual([
      ['Ava', true, note],
      ['Ben', false, null],
      ['Leo', false, null],
    ]);
    const byChild = Object.fromEntries(res.body.children.map((c: { childName: string; guardians: unknown }) => [c.childName, c.guardians]));
    expect(byChild.Ava).toEqual(guardians);
    expect(byChild.Leo).toEqual(guardians);
    expect(byChild.Ben).toEqual([{ name: 'Test Parent', phone: null }]);
    // The family's name and e-mail stay the booking's account's.
    expect(res.body.children[0]).toMatchObject({ familyName: 'Test Parent', email: fam.email });
    expect(res.body.children[1]).toMatchObject({ email: other.email });
  });

  it('a flag without notes is a flag with null notes', async () => {
    const session = await sessionToday(45);
    const fam = await familyBooked(session.id, ['Nia']);
    await profile(fam.id, 'Nia', { medicalNotes: null, needsAttention: true });
    const res = await admin.get(`/api/admin/sessions/${session.id}/roster`);
    expect(flags(res.body.children)).toEqual([['Nia', true, null]]);
  });
});

describe('POST /api/admin/check-in/lookup: the same at the door', () => {
  it('gives each child the flag (notes only when flagged) and the booking the family’s guardians with phones', async () => {
    const { session, fam, note, guardians } = await door();
    const res = await admin.post('/api/admin/check-in/lookup', { sessionId: session.id, reference: fam.reference });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking.guardians).toEqual(guardians);
    expect(flags(res.body.children)).toEqual([
      ['Ava', true, note],
      ['Leo', false, null],
    ]);
  });
});

describe('GET /api/admin/sessions/:id/roster/export.csv: phones and the flag, never the notes', () => {
  it('has a Needs attention column and the guardians’ names and phones (formula-safe), and no notes at all', async () => {
    const { session, fam, note, quietNote } = await door();
    const { status, text } = await csvOf(`/api/admin/sessions/${session.id}/roster/export.csv`);
    expect(status).toBe(200);
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header!.split(',').slice(8)).toEqual([
      'Needs attention',
      'Guardian 1',
      'Guardian 1 phone',
      'Guardian 2',
      'Guardian 2 phone',
      'Guardian 3',
      'Guardian 3 phone',
      'Guardian 4',
      'Guardian 4 phone',
    ]);
    const tail = (child: string) => rows.find((row) => row.startsWith(`${child},`))!.split(',').slice(8);
    // A phone typed with + would read as a formula in a spreadsheet: it is written as text (a leading ').
    expect(tail('Ava')).toEqual(['Yes', 'Test Parent', '416-555-0147', 'Zoe Second', "'+44 20 7946 0958", 'Abe Third', '', '', '']);
    expect(tail('Leo')).toEqual(['No', 'Test Parent', '416-555-0147', 'Zoe Second', "'+44 20 7946 0958", 'Abe Third', '', '', '']);
    expect(tail('Ben')).toEqual(['No', 'Test Parent', '', '', '', '', '', '', '']);
    expect(text).toContain(fam.reference);
    expect(text).not.toContain(note);
    expect(text).not.toContain('EpiPen');
    expect(text).not.toContain(quietNote);
    expect(text).not.toContain('Del Gone');
  });
});

describe('nobody else sees it', () => {
  it('a parent gets 403 on the roster, its CSV and the look-up', async () => {
    const { session, fam } = await door();
    expect((await parent.get(`/api/admin/sessions/${session.id}/roster`)).status).toBe(403);
    expect((await csvOf(`/api/admin/sessions/${session.id}/roster/export.csv`, parent)).status).toBe(403);
    const lookup = await parent.post('/api/admin/check-in/lookup', { sessionId: session.id, reference: fam.reference });
    expect(lookup.status).toBe(403);
    expect(JSON.stringify(lookup.body)).not.toContain('EpiPen');
  });

  it('a planted note and phone reach no other output: the calendar, /api/me, My Bookings, the feed, the reservations and sessions exports', async () => {
    const { session, fam, note } = await door();
    const phone = '416-555-0147';
    const leaked = (text: string) => [note, 'EpiPen', 'anaphylaxis', phone, '4165550147', '+44 20 7946 0958', '442079460958'].filter((s) => text.includes(s));

    // Where they belong, they are (so the searches below look for what is really there).
    const roster = JSON.stringify((await admin.get(`/api/admin/sessions/${session.id}/roster`)).body);
    expect(leaked(roster)).toEqual([note, 'EpiPen', 'anaphylaxis', phone, '+44 20 7946 0958']);
    const lookup = JSON.stringify((await admin.post('/api/admin/check-in/lookup', { sessionId: session.id, reference: fam.reference })).body);
    expect(leaked(lookup)).toEqual([note, 'EpiPen', 'anaphylaxis', phone, '+44 20 7946 0958']);
    expect(leaked((await csvOf(`/api/admin/sessions/${session.id}/roster/export.csv`)).text)).toEqual([phone, '+44 20 7946 0958']);

    // Another family, booked into the same session.
    const another = await familyBooked(session.id, ['Omar']);
    const outputs: Record<string, string> = {};
    for (const path of [`/api/sessions?from=${TODAY}&to=${TODAY}&limit=100&page=1`, '/api/me', '/api/me/bookings']) {
      const res = await another.api.get(path);
      expect(res.status, path).toBe(200);
      outputs[`another parent: ${path}`] = JSON.stringify(res.body);
    }
    expect(outputs[`another parent: /api/sessions?from=${TODAY}&to=${TODAY}&limit=100&page=1`]).toContain(session.id);
    // The demo parent too, who never booked it.
    outputs['demo parent: /api/sessions'] = JSON.stringify((await parent.get(`/api/sessions?from=${TODAY}&to=${TODAY}&limit=100&page=1`)).body);

    // The flagged family's own calendar feed, read without a cookie by whoever holds the address.
    const link = await fam.api.post('/api/me/calendar-feed');
    expect(link.status).toBe(201);
    const feed = await fetch(`${server.baseUrl}${new URL(link.body.url as string).pathname}`);
    expect(feed.status).toBe(200);
    outputs['the family’s calendar feed'] = await feed.text();
    expect(outputs['the family’s calendar feed']).toContain('Ava');

    // The office's exports other than the roster's.
    const reservations = await csvOf(`/api/admin/reservations/export.csv?from=${TODAY}&to=${TODAY}`);
    expect(reservations.status).toBe(200);
    expect(reservations.text).toContain('Ava');
    outputs['reservations CSV'] = reservations.text;
    outputs['reservations list'] = JSON.stringify((await admin.get(`/api/admin/reservations?from=${TODAY}&to=${TODAY}`)).body);
    const sessionsCsv = await csvOf(`/api/admin/sessions/export.csv?from=${TODAY}&to=${TODAY}`);
    expect(sessionsCsv.status).toBe(200);
    outputs['sessions CSV'] = sessionsCsv.text;
    expect(sessionsCsv.text).toContain('Sprint Mechanics');

    for (const [where, text] of Object.entries(outputs)) expect(leaked(text), where).toEqual([]);
  });
});
