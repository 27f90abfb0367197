import { addMinutes } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../../shared/schemas/bookings';
import { torontoTime } from '../../../shared/rules/week';
import { bookingChildren, bookings, children, sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../services/auth/session-token';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { WEDNESDAY_9PM } from '../../test-support/clock';

// The clock is pinned to Wednesday 2026-11-18 21:00 in Toronto, already Thursday 02:00 UTC: files are named
// after the Toronto day (2026-11-18), and every date inside them is a Toronto wall-clock date.
const NOW = WEDNESDAY_9PM;
/** 18:00 on Wednesday 2026-11-25 in Toronto. */
const SESSION_START = new Date('2026-11-25T23:00:00Z');

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });

const db = () => server.database.db;
const BOM = [0xef, 0xbb, 0xbf];

interface CsvDownload {
  status: number;
  headers: Headers;
  /** The body as sent, BOM included. */
  raw: string;
  /** Header row first, then one array per record (BOM removed). */
  records: string[][];
}

/** Downloads a file as the admin (or `client`), keeping the raw bytes: fetch's text() would drop the BOM. */
async function download(path: string, client: ApiClient = admin): Promise<CsvDownload> {
  const token = client.cookie(SESSION_COOKIE);
  const response = await fetch(server.baseUrl + path, { headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) return { status: response.status, headers: response.headers, raw: new TextDecoder().decode(bytes), records: [] };
  expect([...bytes.slice(0, 3)]).toEqual(BOM);
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const records = parse(raw.slice(1), { relax_column_count: false }) as string[][];
  return { status: response.status, headers: response.headers, raw, records };
}

/** Records as objects keyed by the header row. */
const asObjects = ({ records: [header = [], ...rows] }: CsvDownload) =>
  rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));

function expectCsvHeaders(file: CsvDownload, name: string) {
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${name}-2026-11-18.csv"`);
  // CRLF everywhere: no line feed without its carriage return.
  expect(file.raw).toContain('\r\n');
  expect(file.raw.replaceAll('\r\n', '')).not.toContain('\n');
}

describe('GET /api/admin/sessions/export.csv', () => {
  it('writes every matching session, cancelled ones too, with Toronto dates, spots and the admin status label (Past from the start)', async () => {
    const classType = await createClassType(db(), { code: 'EXPS', name: 'Export Sprint' });
    const nearlyFull = await createSession(db(), { classTypeId: classType.id, startsAt: SESSION_START, capacity: 10, location: '@SUM(1)' });
    await db().update(sessions).set({ bookedCount: 9 }).where(eq(sessions.id, nearlyFull.id));
    const full = await createSession(db(), { classTypeId: classType.id, startsAt: torontoTime(2026, 11, 26, 9, 30), minutes: 90, capacity: 4 });
    await db().update(sessions).set({ bookedCount: 4 }).where(eq(sessions.id, full.id));
    const cancelled = await createSession(db(), { classTypeId: classType.id, startsAt: torontoTime(2026, 11, 27, 23, 30), capacity: 12 });
    await db().update(sessions).set({ status: 'CANCELLED', cancelledAt: NOW }).where(eq(sessions.id, cancelled.id));
    await createSession(db(), { classTypeId: classType.id, startsAt: torontoTime(2026, 11, 28, 10), capacity: 20 });
    // Started an hour before the clock: 'Past', however full it is.
    const past = await createSession(db(), { classTypeId: classType.id, startsAt: torontoTime(2026, 11, 18, 20), capacity: 5 });
    await db().update(sessions).set({ bookedCount: 5 }).where(eq(sessions.id, past.id));

    const file = await download('/api/admin/sessions/export.csv?classCode=EXPS&from=2026-11-18');
    expectCsvHeaders(file, 'sessions');
    expect(file.records[0]).toEqual(['Class', 'Class code', 'Date', 'Start', 'End', 'Location', 'Capacity', 'Booked', 'Available', 'Status']);
    expect(file.records.slice(1)).toEqual([
      ['Export Sprint', 'EXPS', '2026-11-18', '20:00', '21:00', 'Main Gym', '5', '5', '0', 'Past'],
      ['Export Sprint', 'EXPS', '2026-11-25', '18:00', '19:00', "'@SUM(1)", '10', '9', '1', 'Nearly Full'],
      ['Export Sprint', 'EXPS', '2026-11-26', '09:30', '11:00', 'Main Gym', '4', '4', '0', 'Full'],
      // 23:30 in Toronto is already the 28th in UTC.
      ['Export Sprint', 'EXPS', '2026-11-27', '23:30', '00:30', 'Main Gym', '12', '0', '0', 'Cancelled'],
      ['Export Sprint', 'EXPS', '2026-11-28', '10:00', '11:00', 'Main Gym', '20', '0', '20', 'Available'],
    ]);
  });

  it('takes the filters of GET /api/sessions (Toronto days) and ignores paging: all rows, past the largest page', async () => {
    const classType = await createClassType(db(), { code: 'EXPB', name: 'Export Bulk' });
    const first = new Date(torontoTime(2027, 1, 4, 6, 0).getTime());
    const count = 1003; // more than one page of MAX_SESSIONS_PAGE_SIZE (1000)
    await db()
      .insert(sessions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          classTypeId: classType.id,
          startsAt: addMinutes(first, i * 30),
          endsAt: addMinutes(first, i * 30 + 25),
          capacity: 10,
        })),
      );
    const all = await download('/api/admin/sessions/export.csv?classCode=EXPB&limit=1&page=3');
    expect(all.status).toBe(200);
    expect(all.records.length).toBe(count + 1);
    const dates = all.records.slice(1).map((row) => `${row[2]} ${row[3]}`);
    expect(dates[0]).toBe('2027-01-04 06:00');
    expect(dates.at(-1)).toBe('2027-01-25 03:00'); // 1002 half hours later
    expect([...dates].sort()).toEqual(dates);

    // 2027-01-04 Toronto: 06:00 to 23:30, i.e. 36 sessions.
    const oneDay = await download(`/api/admin/sessions/export.csv?classTypeId=${classType.id}&from=2027-01-04&to=2027-01-04`);
    expect(oneDay.records.length).toBe(36 + 1);
    const backwards = await admin.get('/api/admin/sessions/export.csv?from=2027-01-05&to=2027-01-04');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('to: from must not be after to');
  });
});

describe('GET /api/admin/reservations/export.csv', () => {
  it('writes the reservations with reference, parent, Toronto dates and status labels, neutralising formulas', async () => {
    const classType = await createClassType(db(), { code: 'EXPR', name: 'Export Reservations' });
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: SESSION_START, location: '@SUM(1)' });
    const parent = await createParent(db(), [['Kid', 3]]);
    await db().update(users).set({ lastName: '=HYPERLINK("http://x")', firstName: 'Tess' }).where(eq(users.id, parent.id));
    await db().update(children).set({ name: '-2+3' }).where(eq(children.familyId, parent.id));
    const [kid] = await db().select().from(children).where(eq(children.familyId, parent.id));
    const other = await createParent(db(), [
      ['Ava', 3],
      ['Leo', 3],
    ]);
    const otherKids = await db().select().from(children).where(eq(children.familyId, other.id)).orderBy(asc(children.position));

    const insert = async (userId: string, kids: Array<{ id: string; name: string }>, createdAt: Date, status: BookingStatus = 'CONFIRMED') => {
      const [booking] = await db().insert(bookings).values({ familyId: userId, sessionId: session.id, status, createdAt }).returning();
      await db()
        .insert(bookingChildren)
        .values(kids.map((k, position) => ({ bookingId: booking!.id, childId: k.id, childName: k.name, position })));
      return booking!;
    };
    const risky = await insert(parent.id, [kid!], new Date('2026-11-20T14:05:00Z'));
    const cancelled = await insert(other.id, otherKids, new Date('2026-11-21T03:30:00Z'), 'CANCELLED');

    const file = await download('/api/admin/reservations/export.csv?classCode=EXPR');
    expectCsvHeaders(file, 'reservations');
    expect(file.records[0]).toEqual(['Reference', 'Parent', 'Email', 'Class', 'Session date', 'Session time', 'Booked on', 'Status', 'Attendance', 'Children']);
    expect(asObjects(file)).toEqual([
      {
        Reference: `NB-${risky.id.slice(-8).toUpperCase()}`,
        Parent: `'=HYPERLINK("http://x"), Tess`,
        Email: parent.email,
        Class: 'Export Reservations',
        'Session date': '2026-11-25',
        'Session time': '18:00',
        'Booked on': '2026-11-20 09:05',
        Status: 'Confirmed',
        // Issue 22: a session not started yet has no attendance.
        Attendance: '',
        Children: "'-2+3",
      },
      {
        Reference: `NB-${cancelled.id.slice(-8).toUpperCase()}`,
        Parent: 'Parent, Test',
        Email: other.email,
        Class: 'Export Reservations',
        'Session date': '2026-11-25',
        'Session time': '18:00',
        // 03:30 UTC on the 21st is still the 20th in Toronto.
        'Booked on': '2026-11-20 22:30',
        Status: 'Cancelled',
        Attendance: '',
        Children: 'Ava, Leo',
      },
    ]);
    // The neutralised cell is still quoted by the library (its quotes doubled): a spreadsheet shows it as text.
    expect(file.raw).toContain(`"'=HYPERLINK(""http://x""), Tess"`);
  });

  it('takes the range and class code of the reservations list', async () => {
    const classType = await createClassType(db(), { code: 'EXPQ' });
    const parent = await createParent(db(), [['Kai', 3]]);
    const [kid] = await db().select().from(children).where(eq(children.familyId, parent.id));
    for (const startsAt of [torontoTime(2026, 11, 24, 23, 30), torontoTime(2026, 11, 25, 23, 45), torontoTime(2026, 11, 26, 0, 15)]) {
      const session = await createSession(db(), { classTypeId: classType.id, startsAt });
      const [booking] = await db().insert(bookings).values({ familyId: parent.id, sessionId: session.id }).returning();
      await db().insert(bookingChildren).values({ bookingId: booking!.id, childId: kid!.id, childName: 'Kai' });
    }
    const oneDay = await download('/api/admin/reservations/export.csv?classCode=EXPQ&from=2026-11-25&to=2026-11-25');
    expect(oneDay.records.slice(1).map((row) => `${row[4]} ${row[5]}`)).toEqual(['2026-11-25 23:45']);
    const byDefault = await download('/api/admin/reservations/export.csv?classCode=EXPQ');
    expect(byDefault.records.length).toBe(3 + 1);
    const none = await download('/api/admin/reservations/export.csv?classCode=NOPE');
    expect(none.records).toEqual([['Reference', 'Parent', 'Email', 'Class', 'Session date', 'Session time', 'Booked on', 'Status', 'Attendance', 'Children']]);
    expect((await admin.get('/api/admin/reservations/export.csv?from=2026-11-30&to=2026-11-01')).status).toBe(400);
  });
});

describe('the exports', () => {
  it('are for administrators only', async () => {
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    for (const path of ['/api/admin/sessions/export.csv', '/api/admin/reservations/export.csv']) {
      const refused = await download(path, parent);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.raw)).toEqual({ message: 'Administrator access required', code: 'FORBIDDEN' });
      expect((await download(path, new ApiClient(server.baseUrl))).status).toBe(401);
    }
  });
});
