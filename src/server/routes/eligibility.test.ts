import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { bookings, children } from '../db/schema';
import { createClassType, createSession, signInNewParent } from '../test-support/fixtures';
import { withApi } from '../test-support/with-api';
import { WEDNESDAY_9AM } from '../test-support/clock';
import { book } from '../test-support/bookings';

// Issue 22, eligibility (docs/product-rules.md "Eligibility"), through HTTP: a recorded date of birth must fit the
// class's age range on the session's Toronto date, a recorded boy cannot book a girls-only class, what is not
// recorded never refuses; the family and the office alike, booking, rescheduling and joining a waitlist.
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
  it('refuses a child recorded as a boy, naming him; a girl and a child with nothing recorded book', async () => {
    const girls = await girlsPower();
    const s = await session(girls.id, torontoTime(2026, 11, 20, 17, 0));
    const fam = await family([{ name: 'Leo', sex: 'M' }, { name: 'Ava', sex: 'F' }, { name: 'Sam' }]);

    const refused = await book(fam, s.id, ['Ava', 'Leo']);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "Leo can't book Girls Power: it is for girls only", code: 'NOT_ELIGIBLE' });
    expect(await confirmedIn(s.id)).toBe(0);

    expect((await book(fam, s.id, ['Ava', 'Sam'])).status).toBe(201);
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

  it('too old is refused as well; a child with no date of birth books as before', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 11, 19, 18, 0));
    const fam = await family([{ name: 'Zoe', birthDate: '2013-01-15' }, { name: 'Kai', birthDate: '2012-06-01' }, { name: 'Sam' }]);

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
    const holder = await family([{ name: 'Holder' }]);
    expect((await book(holder, s.id, ['Holder'])).status).toBe(201);
    const fam = await family([{ name: 'Tiny', birthDate: '2021-03-03' }]);

    const res = await fam.api.post(`/api/sessions/${s.id}/waitlist`, { childNames: ['Tiny'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Tiny can't book Sprint Mechanics: it is for ages 8-12, and Tiny is 5 on that day");
  });

  it('a waiting child recorded as ineligible after joining is never promoted, not even by Promote now', async () => {
    const classType = await sprint();
    const s = await session(classType.id, torontoTime(2026, 11, 27, 17, 0), 1);
    const holder = await family([{ name: 'Holder' }]);
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
