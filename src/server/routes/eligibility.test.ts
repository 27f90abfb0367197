import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { bookings, children } from '../db/schema';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { book } from '../test-support/bookings';

// Issue 22, eligibility (docs/product-rules.md "Eligibility"), through HTTP: a recorded date of birth must fit the
// class's age range on the session's Toronto date, a recorded boy cannot book a girls-only class; the family and the
// office alike, booking, rescheduling and joining a waitlist. Issue 31: a booking of a child whose record lacks what
// the class needs (a date of birth for an age range, the sex for girls-only) is refused with ELIGIBILITY_DETAILS_MISSING
// until it is recorded; what is recorded refuses first.
// The clock is pinned to Wednesday 2026-11-18 09:00 in Toronto (the family's window: this week and next).
const NOW = WEDNESDAY_9AM;
let now: Date = NOW;

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now });
const db = () => server.database.db;
beforeEach(() => {
  now = NOW;
});

type Kid = { name: string; birthDate?: string; sex?: 'F' | 'M' };
/** A signed-in family whose children carry what the office recorded (the admin form is tested elsewhere). */
async function family(kids: Kid[]) {
  const fam = await signInNewParent(server, kids.map((k) => [k.name, 7] as [string, number]));
  for (const kid of kids) {
    await db()
      .update(children)
      .set({ birthDate: kid.birthDate ?? null, sex: kid.sex ?? null })
      .where(and(eq(children.familyId, fam.id), eq(children.name, kid.name)));
  }
  return fam;
}
const sprint = () => createClassType(db(), { name: 'Sprint Mechanics', minAge: 8, maxAge: 12, girlsOnly: false });
const girlsPower = () => createClassType(db(), { name: 'Girls Power', minAge: null, maxAge: null, girlsOnly: true });
const session = (classTypeId: string, startsAt: Date, capacity = 10) => createSession(db(), { classTypeId, startsAt, capacity });
const confirmedIn = async (sessionId: string) =>
  (await db().select().from(bookings).where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'CONFIRMED')))).length;

describe('a girls-only class', () => {
  it('refuses a child recorded as a boy, naming him, before asking anything; a girl books', async () => {
    const girls = await girlsPower();
    const s = await session(girls.id, torontoTime(2026, 11, 20, 17, 0));
    const fam = await family([{ name: 'Leo', sex: 'M' }, { name: 'Ava', sex: 'F' }, { name: 'Sam' }]);

    const refused = await book(fam, s.id, ['Ava', 'Sam', 'Leo']);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "Leo can't book Girls Power: it is for girls only", code: 'NOT_ELIGIBLE' });
    expect(await confirmedIn(s.id)).toBe(0);

    expect((await book(fam, s.id, ['Ava'])).status).toBe(201);
    expect(await confirmedIn(s.id)).toBe(1);
  });

  it('refuses the office too: no override makes a boy eligible', async () => {
    const girls = await girlsPower();
    const s = await session(girls.id, torontoTime(2026, 12, 10, 17, 0)); // past the family's window: the office's reach
    const fam = await family([{ name: 'Leo', sex: 'M' }]);
    const res = await admin.post('/api/admin/bookings', {
      userId: fam.id,
      sessionId: s.id,
      childNames: ['Leo'],
      overrideWeeklyLimit: true,
      note: 'Parent insisted',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Leo can't book Girls Power: it is for girls only");
  });
});

describe('an age range, on the session’s Toronto date', () => {
  it('across a birthday: the evening before (already the next day in UTC) refused, the morning of it booked', async () => {
    const classType = await sprint();
    // Leo turns 8 on Tuesday 2026-11-24. 7:30 PM on Monday the 23rd in Toronto is 00:30 on the 24th in UTC.
    const mondayEvening = await session(classType.id, torontoTime(2026, 11, 23, 19, 30));
    const tuesdayMorning = await session(classType.id, torontoTime(2026, 11, 24, 9, 0));
    expect(mondayEvening.startsAt.toISOString()).toBe('2026-11-24T00:30:00.000Z');
    const fam = await family([{ name: 'Leo', birthDate: '2018-11-24' }]);

    const refused = await book(fam, mondayEvening.id, ['Leo']);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Leo can't book Sprint Mechanics: it is for ages 8-12, and Leo is 7 on that day");
    expect((await book(fam, tuesdayMorning.id, ['Leo'])).status).toBe(201);
  });

  it('on the day the clocks fall back: the date is Toronto’s, before and after the change', async () => {
    now = torontoTime(2026, 10, 28, 9, 0); // Wednesday; the window reaches Sunday 2026-11-01 and the week after
    const classType = await sprint();
    // Mia turns 8 on Sunday 2026-11-01, the day EDT becomes EST at 2:00.
    const saturdayLate = await session(classType.id, torontoTime(2026, 10, 31, 23, 30)); // 03:30 UTC on Nov 1
    const sundayAfterChange = await session(classType.id, new Date('2026-11-01T06:30:00Z')); // 1:30 AM EST, the second 1:30
    const fam = await family([{ name: 'Mia', birthDate: '2018-11-01' }]);

    const refused = await book(fam, saturdayLate.id, ['Mia']);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Mia can't book Sprint Mechanics: it is for ages 8-12, and Mia is 7 on that day");
    expect((await book(fam, sundayAfterChange.id, ['Mia'])).status).toBe(201);
  });

  it('too old is refused as well, before a child without a date of birth is asked for it', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 11, 19, 18, 0));
    const fam = await family([{ name: 'Zoe', birthDate: '2013-01-15' }, { name: 'Kai', birthDate: '2012-06-01' }, { name: 'Sam', birthDate: '2016-03-01' }]);

    const refused = await book(fam, s.id, ['Zoe', 'Sam', 'Kai']);
    expect(refused.status).toBe(409);
    // Every ineligible child is named, in the order chosen, with the range and their age that day.
    expect(refused.body.message).toBe(
      "Zoe can't book Sprint Mechanics: it is for ages 8-12, and Zoe is 13 on that day. " +
        "Kai can't book Sprint Mechanics: it is for ages 8-12, and Kai is 14 on that day",
    );
    expect((await book(fam, s.id, ['Sam'])).status).toBe(201);
  });
});

describe('every way into a session checks it', () => {
  it('a reschedule into a class the child is not eligible for is refused; the booking stays where it was', async () => {
    const open = await createClassType(db(), { name: 'Open Track', minAge: null, maxAge: null });
    const girls = await girlsPower();
    const from = await session(open.id, torontoTime(2026, 11, 19, 17, 0));
    const to = await session(girls.id, torontoTime(2026, 11, 21, 10, 0));
    const fam = await family([{ name: 'Leo', sex: 'M' }]);
    const booked = await book(fam, from.id, ['Leo']);
    expect(booked.status).toBe(201);

    const res = await fam.api.post(`/api/bookings/${booked.body.id}/reschedule`, { newSessionId: to.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Leo can't book Girls Power: it is for girls only");
    expect(await confirmedIn(from.id)).toBe(1);
    expect(await confirmedIn(to.id)).toBe(0);
  });

  it('an ineligible child cannot join the waitlist of a full session', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 11, 26, 17, 0), 1);
    const holder = await family([{ name: 'Holder', birthDate: '2016-03-01' }]);
    expect((await book(holder, s.id, ['Holder'])).status).toBe(201);
    const fam = await family([{ name: 'Tiny', birthDate: '2021-03-03' }]);

    const res = await fam.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['Tiny'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Tiny can't book Sprint Mechanics: it is for ages 8-12, and Tiny is 5 on that day");
  });

  it('a waiting child recorded as ineligible after joining is never promoted, not even by Promote now', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 11, 27, 17, 0), 1);
    const holder = await family([{ name: 'Holder', birthDate: '2016-03-01' }]);
    const booked = await book(holder, s.id, ['Holder']);
    expect(booked.status).toBe(201);
    const fam = await family([{ name: 'Finn' }]);
    const joined = await fam.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['Finn'] });
    expect(joined.status).toBe(201);
    // The office records Finn's date of birth: he is 6 on that day.
    await db().update(children).set({ birthDate: '2020-05-05' }).where(and(eq(children.familyId, fam.id), eq(children.name, 'Finn')));

    expect((await holder.api.post(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
    expect(await confirmedIn(s.id)).toBe(0);
    const promote = await admin.post(`/api/admin/waitlist/${joined.body.id}/promote`, {});
    expect(promote.status).toBe(409);
    expect(promote.body.message).toBe("Finn can't book Sprint Mechanics: it is for ages 8-12, and Finn is 6 on that day");
    expect(await confirmedIn(s.id)).toBe(0);
  });
});

describe('details a class needs (issue 31)', () => {
  const girlsAged = () => createClassType(db(), { name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true });
  const childIdOf = async (familyId: string, name: string) =>
    (await db().select({ id: children.id }).from(children).where(and(eq(children.familyId, familyId), eq(children.name, name))))[0]!.id;

  it('the family is refused with the code, the message and the details missing; recorded, the same booking goes through', async () => {
    const classType = await girlsAged();
    const s = await session(classType.id, torontoTime(2026, 11, 20, 17, 0));
    const fam = await family([{ name: 'Ava', birthDate: '2016-03-01' }, { name: 'Sam' }]);

    const refused = await book(fam, s.id, ['Ava', 'Sam']);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'ELIGIBILITY_DETAILS_MISSING',
      message: "Girls Power Hour needs Ava's sex, and Sam's date of birth and sex, before they can be booked. Add them and book again.",
      missingDetails: [
        { childName: 'Ava', fields: ['sex'] },
        { childName: 'Sam', fields: ['birthDate', 'sex'] },
      ],
    });
    expect(await confirmedIn(s.id)).toBe(0);

    // The guardian records them on the family's record (the booking dialog's ask), then books again.
    const family_ = await fam.api.get('/api/me/family');
    const idOf = (name: string) => (family_.body.children as Array<{ id: string; name: string }>).find((c) => c.name === name)!.id;
    expect((await fam.api.request('PATCH', `/api/me/family/children/${idOf('Ava')}`, { sex: 'F' })).status).toBe(200);
    expect((await fam.api.request('PATCH', `/api/me/family/children/${idOf('Sam')}`, { birthDate: '2015-09-09', sex: 'F' })).status).toBe(200);
    const [ava, sam] = await db().select().from(children).where(eq(children.familyId, fam.id)).orderBy(children.position);
    expect([ava!.sex, sam!.birthDate, sam!.sex]).toEqual(['F', '2015-09-09', 'F']);

    expect((await book(fam, s.id, ['Ava', 'Sam'])).status).toBe(201);
    expect(await confirmedIn(s.id)).toBe(1);
  });

  it('the front desk gets the same refusal (no override passes it); recorded by the office, it books', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 12, 10, 17, 0)); // past the family's window: the office's reach
    const fam = await family([{ name: 'Noor' }]);
    const body = { userId: fam.id, sessionId: s.id, childNames: ['Noor'], overrideWeeklyLimit: true, note: 'Phoned in' };

    const refused = await admin.post('/api/admin/bookings', body);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'ELIGIBILITY_DETAILS_MISSING',
      message: "Sprint Mechanics needs Noor's date of birth before Noor can be booked. Add it and book again.",
      missingDetails: [{ childName: 'Noor', fields: ['birthDate'] }],
    });
    expect(await confirmedIn(s.id)).toBe(0);

    const noor = await childIdOf(fam.id, 'Noor');
    expect((await admin.request('PATCH', `/api/admin/users/${fam.id}/children/${noor}`, { birthDate: '2016-03-01' })).status).toBe(200);
    expect((await admin.post('/api/admin/bookings', body)).status).toBe(201);
    expect(await confirmedIn(s.id)).toBe(1);
  });

  it('an open class asks nothing', async () => {
    const open = await createClassType(db(), { name: 'Open Track', minAge: null, maxAge: null, girlsOnly: false });
    const s = await session(open.id, torontoTime(2026, 11, 21, 10, 0));
    const fam = await family([{ name: 'Kit' }]);
    expect((await book(fam, s.id, ['Kit'])).status).toBe(201);
  });
});
