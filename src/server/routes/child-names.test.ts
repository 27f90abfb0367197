import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { childNameKey } from '../../shared/rules/child-name';
import { bookings, children, sessions, waitlistEntries, webhookConfigs } from '../db/schema';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { sweepWaitlists } from '../services/waitlist/waitlist-sweep';
import { createClassType, createSession, nextTorontoWeekAt, signInNewParent } from '../test-support/fixtures';
import { readBody } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { withApi } from '../test-support/with-api';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { book } from '../test-support/bookings';

// Issue 29, item 1: one way to compare child names everywhere (src/shared/rules/child-name.ts), in the server, the
// browser and the database, on PGlite and on PostgreSQL. Before it, the server lower-cased with JavaScript and the
// database with its locale's lower(): 'Mia' and 'MİA' (Turkish dotted capital I) were two children for one and one
// child for the other. The clock is pinned to Wednesday 2026-11-18 09:00 in Toronto.
const NOW = WEDNESDAY_9AM;
const nextWeek = (day: number, hour: number) => nextTorontoWeekAt(NOW, day, hour);

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });
const db = () => server.database.db;

const family = (kids: Array<[string, number]>) => signInNewParent(server, kids);
async function session(startsAt: Date, capacity = 4) {
  const classType = await createClassType(db(), { name: 'Speed & Agility' });
  return createSession(db(), { classTypeId: classType.id, startsAt, capacity });
}
const bookedCount = async (id: string) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0]!.bookedCount;
const childNamesOf = async (userId: string) =>
  (await db().select().from(children).where(eq(children.familyId, userId)).orderBy(children.position)).map((c) => c.name);

/** Every character JavaScript lower-cases to one other character, and that character: what the key's table covers. */
function casedCharacters(): string[] {
  const out: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const char = String.fromCodePoint(cp);
    const lower = char.toLowerCase();
    if (lower !== char) out.push(char, lower);
  }
  return out;
}

/** The database's key of each name (portal_child_name_key, the function behind children.name_key). */
async function databaseKeys(names: readonly string[]): Promise<string[]> {
  const result = await db().execute(
    sql`select coalesce(jsonb_agg(portal_child_name_key(t.n) order by t.o), '[]'::jsonb) as keys
        from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as t(n, o)`,
  );
  return (result as unknown as { rows: Array<{ keys: string[] }> }).rows[0]!.keys;
}

describe('one key for a child’s name, in the server and in the database', () => {
  it('the database keys every name exactly as the server does: Turkish I, ß, accents composed or not, full-width letters, every cased letter', async () => {
    const spellings = [
      'Mia', 'MİA', 'mia', 'MIA', 'Mıa', 'ＭＩＡ', 'ｍｉａ', '  Mia  ', 'Mia\u00a0', '\u3000Mia',
      'Straße', 'STRAẞE', 'STRASSE', 'Jürgen Groß', 'JÜRGEN GROẞ',
      'Zoé', 'Zoe\u0301', 'ZOÉ', 'ZOE\u0301', 'Ｚｏé', 'Ångström', '\u212Bngstr\u00F6m', 'A\u030Angstro\u0308m',
      'Ὀδυσσεύς', 'ὈΔΥΣΣΕΎΣ', 'Łukasz', 'ŁUKASZ', 'Đorđe', 'ǅenan', 'Ǆenan', 'Ⅻ', 'ﬁona', 'Fiona',
      'Дарья', 'ДАРЬЯ', 'Արամ', 'ԱՐԱՄ', 'ᏣᎳᎩ', 'ꮳꮃꭹ', '𐐀𐐨', 'Ꞵeta', 'Ɐ', 'ǈ',
    ];
    const names = [...spellings, ...casedCharacters()];
    expect(await databaseKeys(names)).toEqual(names.map(childNameKey));
    // What the rule reads as one child, and what it does not.
    expect(new Set(['Mia', 'MİA', 'ＭＩＡ', ' mia '].map(childNameKey))).toEqual(new Set(['mia']));
    expect(childNameKey('Zoe\u0301')).toBe(childNameKey('ZOÉ'));
    expect(childNameKey('STRAẞE')).toBe(childNameKey('straße'));
    expect(childNameKey('Strasse')).not.toBe(childNameKey('Straße'));
    expect(childNameKey('Mıa')).not.toBe(childNameKey('Mia'));
  });

  it('finds a child by any spelling of the name: case, the Turkish İ, ẞ, decomposed accents, full-width letters', async () => {
    const fam = await family([
      ['Mia', 2],
      ['Zoe\u0301', 2],
      ['Jürgen Groß', 2],
      ['Lucía', 2],
    ]);
    const s = await session(nextWeek(1, 17));
    const res = await book(fam, s.id, ['ＬＵＣÍＡ', 'MİA', 'ZOÉ', 'JÜRGEN GROẞ']);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The booking keeps the children's own names, in the order chosen.
    expect(res.body.childNames).toEqual(['Lucía', 'Mia', 'Zoe\u0301', 'Jürgen Groß']);
    expect(await bookedCount(s.id)).toBe(4);
  });

  it('refuses one child named twice in two spellings with a 400 naming them, and books nobody', async () => {
    const fam = await family([
      ['Mia', 3],
      ['Zoé', 3],
    ]);
    const s = await session(nextWeek(2, 17));
    const cases: Array<[string[], string]> = [
      [['Mia', 'MİA'], 'childNames: Each child can be listed only once: "Mia" and "MİA" name the same child'],
      [['Zoé', 'ZOE\u0301'], 'childNames: Each child can be listed only once: "Zoé" and "ZOE\u0301" name the same child'],
      [['ｍｉａ', 'Zoé', 'mia'], 'childNames: Each child can be listed only once: "ｍｉａ" and "mia" name the same child'],
    ];
    for (const [childNames, message] of cases) {
      const res = await book(fam, s.id, childNames);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    // The office's booking for the family reads the same.
    const office = await admin.post('/api/admin/bookings', { userId: fam.id, sessionId: s.id, childNames: ['Mia', 'MİA'] });
    expect({ status: office.status, message: office.body.message }).toEqual({ status: 400, message: cases[0]![1] });
    expect(await bookedCount(s.id)).toBe(0);
  });

  it('refuses the same on a full session’s waitlist; one spelling joins with the child’s own name', async () => {
    const s = await session(nextWeek(3, 17), 1);
    const holder = await family([['Holder', 3]]);
    expect((await book(holder, s.id, ['Holder'])).status).toBe(201);
    const fam = await family([
      ['Mia', 3],
      ['Ava', 3],
    ]);
    const twice = await fam.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['Mia', 'MİA'] });
    expect({ status: twice.status, message: twice.body.message }).toEqual({
      status: 400,
      message: 'childNames: Each child can be listed only once: "Mia" and "MİA" name the same child',
    });
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.familyId, fam.id))).toEqual([]);
    const once = await fam.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['MİA', 'ava'] });
    expect(once.status, JSON.stringify(once.body)).toBe(201);
    expect(once.body.childNames).toEqual(['Mia', 'Ava']);
  });
});

describe('a promotion that cannot be made never undoes what freed the spot', () => {
  /**
   * A full session of two spots (one family's booking of two children) and, first in its line, an entry that names
   * one child twice, as the waitlist accepted them before issue 29 (written as the old code wrote it), then an entry
   * of one child that fits.
   */
  async function fullSessionWithBrokenEntry(startsAt: Date) {
    const s = await session(startsAt, 2);
    const holders = await family([
      ['Ada', 3],
      ['Ben', 3],
    ]);
    const booked = await book(holders, s.id, ['Ada', 'Ben']);
    expect(booked.status).toBe(201);
    const broken = await family([['Mia', 3]]);
    const [mia] = await db().select().from(children).where(eq(children.familyId, broken.id));
    const [entry] = await db()
      .insert(waitlistEntries)
      .values({ familyId: broken.id, sessionId: s.id, childIds: [mia!.id, mia!.id], childNames: ['Mia', 'MİA'], createdAt: new Date(NOW.getTime() - 60_000) })
      .returning();
    const next = await family([['Leo', 3]]);
    expect((await next.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['Leo'] })).status).toBe(201);
    return { session: s, holders, bookingId: booked.body.id as string, brokenEntryId: entry!.id, next };
  }
  const confirmedOf = async (userId: string, sessionId: string) =>
    db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.familyId, userId), eq(bookings.sessionId, sessionId), eq(bookings.status, 'CONFIRMED')));
  const entryStatus = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!.status;

  it('a family’s cancellation stands: the entry that cannot be booked keeps its place, the next one that fits is booked', async () => {
    const { session: s, holders, bookingId, brokenEntryId, next } = await fullSessionWithBrokenEntry(nextWeek(1, 18));
    const cancelled = await holders.api.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(await entryStatus(brokenEntryId)).toBe('WAITING');
    expect(await confirmedOf(next.id, s.id)).toHaveLength(1);
    expect(await bookedCount(s.id)).toBe(1);
    // The minute sweep meets the same entry with the spot left: it skips it too, and fails nothing.
    await expect(server.app.unitOfWork((tx) => sweepWaitlists(tx, NOW, 2))).resolves.toBeDefined();
    expect(await entryStatus(brokenEntryId)).toBe('WAITING');
  });

  it('the office’s cancellation, move and capacity raise stand too', async () => {
    const first = await fullSessionWithBrokenEntry(nextWeek(2, 18));
    const officeCancel = await admin.post(`/api/admin/bookings/${first.bookingId}/cancel`, { note: 'Called in sick' });
    expect(officeCancel.status, JSON.stringify(officeCancel.body)).toBe(200);
    expect(await confirmedOf(first.next.id, first.session.id)).toHaveLength(1);

    const second = await fullSessionWithBrokenEntry(nextWeek(3, 18));
    const elsewhere = await session(nextWeek(3, 20));
    const moved = await admin.post(`/api/admin/bookings/${second.bookingId}/reschedule`, { newSessionId: elsewhere.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await confirmedOf(second.next.id, second.session.id)).toHaveLength(1);

    const third = await fullSessionWithBrokenEntry(nextWeek(4, 18));
    const raised = await admin.request('PUT', `/api/admin/sessions/${third.session.id}`, {
      classTypeId: third.session.classTypeId,
      startsAt: third.session.startsAt.toISOString(),
      endsAt: third.session.endsAt.toISOString(),
      capacity: 4,
      location: third.session.location,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await db().select().from(sessions).where(eq(sessions.id, third.session.id)))[0]!.capacity).toBe(4);
    expect(await confirmedOf(third.next.id, third.session.id)).toHaveLength(1);
    expect(await entryStatus(third.brokenEntryId)).toBe('WAITING');
  });
});

describe('the office’s forms, the CSV import and the CRM compare names the same way', () => {
  const valid = (email: string) => ({ firstName: 'Tess', lastName: 'Turner', email, role: 'PARENT' });

  it('refuses a new account whose children share a name in two spellings, with a 400 naming both on the later child', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ firstChildName: 'Mia', secondChildName: 'MİA' }, 'secondChildName: Each child needs a different name: "Mia" and "MİA" name the same child'],
      [{ firstChildName: 'Zoé', thirdChildName: 'ZOE\u0301' }, 'thirdChildName: Each child needs a different name: "Zoé" and "ZOE\u0301" name the same child'],
    ];
    for (const [kids, message] of cases) {
      const res = await admin.post('/api/admin/users', { ...valid(`twins-${Object.keys(kids).length}-${Math.random()}@example.com`), ...kids });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
  });

  it('refuses an edit that adds a child named like one the family has', async () => {
    const created = await admin.post('/api/admin/users', { ...valid(`edit-${Date.now()}@example.com`), firstChildName: 'Mia' });
    expect(created.status).toBe(201);
    const res = await admin.request('PATCH', `/api/admin/users/${created.body.id}`, { thirdChildName: 'ＭＩＡ' });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: 'Each child needs a different name: "Mia" and "ＭＩＡ" name the same child',
    });
    expect(await childNamesOf(created.body.id)).toEqual(['Mia']);
    // The same child renamed in another spelling stays one child.
    expect((await admin.request('PATCH', `/api/admin/users/${created.body.id}`, { firstChildName: 'MİA' })).status).toBe(200);
    expect(await childNamesOf(created.body.id)).toEqual(['MİA']);
  });

  it('a CSV row with such children is that row’s error; the rest of the file is imported', async () => {
    const stamp = Date.now();
    const csv = [
      'Email,First Name,Last Name,Child 1,Child 2',
      `ok-${stamp}@import.test,Olive,Okafor,Ava,Leo`,
      `twins-${stamp}@import.test,Tina,Twin,Mia,MİA`,
    ].join('\n');
    const form = new FormData();
    form.append(
      'columnMapping',
      JSON.stringify({ email: 'Email', firstName: 'First Name', lastName: 'Last Name', firstChildName: 'Child 1', secondChildName: 'Child 2' }),
    );
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'families.csv');
    const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      body: form,
    });
    expect({ status: response.status, body: await readBody(response) }).toEqual({
      status: 200,
      body: {
        summary: { processed: 2, created: 1, updated: 0, errors: 1 },
        errors: ['Line 3: Each child needs a different name: "Mia" and "MİA" name the same child'],
        rejectedRowsCsv: expect.stringContaining('Mia,MİA,"Each child needs a different name'),
      },
    });
  });

  it('a CRM delivery with such children is a 400 naming them, not a conflict of accounts', async () => {
    const secret = 'child-names-secret-0123456789';
    const [config] = await db()
      .insert(webhookConfigs)
      .values({
        name: 'CRM names',
        endpoint: `crm-names-${Date.now().toString(36)}`,
        secretKey: secret,
        fieldMappings: JSON.stringify({
          email: 'contact.email',
          firstName: 'contact.firstName',
          lastName: 'contact.lastName',
          firstChildName: 'children[0].name',
          secondChildName: 'children[1].name',
        }),
      })
      .returning();
    const raw = JSON.stringify({
      contact: { email: `crm-${Date.now()}@example.com`, firstName: 'Cara', lastName: 'Crm' },
      children: [{ name: 'Mia' }, { name: 'MİA' }],
    });
    const response = await fetch(`${server.baseUrl}/api/webhooks/${config!.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(secret, raw, Math.floor(NOW.getTime() / 1000)) },
      body: raw,
    });
    expect({ status: response.status, body: await readBody(response) }).toEqual({
      status: 400,
      body: { message: 'Each child needs a different name: "Mia" and "MİA" name the same child', code: 'BAD_REQUEST' },
    });
  });
});
