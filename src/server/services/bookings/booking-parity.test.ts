import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { addMinutes } from 'date-fns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstRepeatedChildName, sameChildName } from '../../../shared/rules/child-name';
import { ALREADY_BOOKED, childChoices, weeklyLimitReached, weekWordOf, type ChildWeek } from '../../../shared/rules/child-choice';
import { ineligibility, missingDetailsOf, type EligibilityChild, type EligibilityClass } from '../../../shared/rules/eligibility';
import { canSubmitBooking, hasStarted, sessionCardState } from '../../../shared/rules/session-card';
import { isInBookingWindow, torontoDateKey, torontoWeekOf } from '../../../shared/rules/week';
import type { DatabaseHandle } from '../../db/client';
import { ageBoundNear, birthDateAround, childSex, propertyOptions, torontoInstant } from '../../test-support/arbitraries';
import { createParent } from '../../test-support/fixtures';
import { PROPERTY_TIMEOUT_MS, rolledBack, rowsOf } from '../../test-support/parity';
import { createTestDatabase } from '../../test-support/test-database';
import { refusalError, type BookingRefusal } from './booking-refusals';

// Parity (docs/development.md, "Parity tests"): spots and weekly limits as the booking dialog explains them, against
// what the database's booking function does. Each generated case is a session (its capacity, the spots other families
// hold, its start on a clock-change night, a Toronto midnight or a leap night, and the moment the family asks), a
// family of up to four children (each with a weekly limit, a date of birth and sex or none, bookings in that Toronto
// week and just outside it, confirmed or cancelled, some already in this very session) and a request (some of the
// children, sometimes respelled, named twice or with a stranger), made by the family or the office (with or without
// the weekly-limit override). TypeScript predicts from the dialog's own rules (src/shared/rules/child-choice.ts,
// session-card.ts, eligibility.ts, child-name.ts, week.ts) whether it books or which refusal the server gives;
// portal_book runs it on the migrated database, in a transaction rolled back after each case. Both must agree.
let database: DatabaseHandle;
let parentId: string;
let adminId: string;
const PARENT = { firstName: 'Test', lastName: 'Parent', email: 'parity@example.com' };
beforeAll(async () => {
  database = await createTestDatabase();
  parentId = (await createParent(database.db, [])).id;
  adminId = (await createParent(database.db, [], 'admin')).id;
});
afterAll(async () => {
  await database?.close();
});

const NAMES = ['Ava', 'Leo', 'Mia', 'Noah'] as const;

/** Where another booking of a child lies, against the Toronto week of the session booked. */
const OTHER_PLACES = ['week-start', 'mid-week', 'week-last-minute', 'week-before-last-minute', 'next-week-start'] as const;
type OtherPlace = (typeof OTHER_PLACES)[number];

interface Kid extends EligibilityChild {
  weeklyLimit: number;
  /** Confirmed in this session already (one booking of the family holds all of them). */
  bookedHere: boolean;
  /** In a cancelled booking of this session. */
  cancelledHere: boolean;
  /** The child's other bookings, each in a session of its own. */
  others: Array<{ place: OtherPlace; confirmed: boolean }>;
  /**
   * Issue 32: the child's make-up credits, each ending this many minutes after the session's start (negative: before
   * it), available, removed by the office, or used by the child's first other booking (removed when it has none).
   */
  credits: Array<{ endsAfterStart: number; state: 'available' | 'removed' | 'used' }>;
}

interface BookingCase {
  now: Date;
  startsAt: Date;
  capacity: number;
  /** Spots held by other families. */
  othersBooked: number;
  classType: EligibilityClass;
  kids: Kid[];
  /** The names sent, as typed. */
  request: string[];
  actor: 'family' | 'office' | 'office-override';
}

/** When the family asks, against the start: mostly in the booking window, some too early, at the start or after it. */
const minutesBefore = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 7 * 24 * 60 }), weight: 12 },
  { arbitrary: fc.integer({ min: 7 * 24 * 60, max: 16 * 24 * 60 }), weight: 3 },
  { arbitrary: fc.constantFrom(0, -1, -90), weight: 1 },
);

const bookingCase: fc.Arbitrary<BookingCase> = fc
  .record({ startsAt: torontoInstant, years: fc.integer({ min: 4, max: 15 }) })
  .chain(({ startsAt, years }) =>
    fc.record({
      now: minutesBefore.map((minutes) => addMinutes(startsAt, -minutes)),
      startsAt: fc.constant(startsAt),
      capacity: fc.oneof({ arbitrary: fc.integer({ min: 2, max: 6 }), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 1 }),
      othersBooked: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 1 }),
      classType: fc.record({
        name: fc.constant('Sprint Mechanics'),
        minAge: fc.option(ageBoundNear(years), { nil: null, freq: 2 }),
        maxAge: fc.option(ageBoundNear(years), { nil: null, freq: 2 }),
        girlsOnly: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
      }),
      kids: fc.array(
        fc.record({
          birthDate: fc.option(birthDateAround(torontoDateKey(startsAt), years), { nil: null, freq: 2 }),
          sex: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: childSex, weight: 1 }),
          weeklyLimit: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 7 }), weight: 1 }),
          bookedHere: fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: 1 }),
          cancelledHere: fc.boolean(),
          others: fc.array(fc.record({ place: fc.constantFrom(...OTHER_PLACES), confirmed: fc.boolean() }), { maxLength: 8 }),
          credits: fc.oneof(
            { arbitrary: fc.constant<Kid['credits']>([]), weight: 1 },
            {
              arbitrary: fc.array(
                fc.record({
                  // Right at the start (a credit ending there cannot pay for it), a minute either side, or days.
                  endsAfterStart: fc.oneof(fc.constantFrom(0, 1, -1), fc.integer({ min: -20 * 24 * 60, max: 30 * 24 * 60 })),
                  state: fc.constantFrom('available' as const, 'available' as const, 'removed' as const, 'used' as const),
                }),
                { minLength: 1, maxLength: 3 },
              ),
              weight: 2,
            },
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      respell: fc.boolean(),
      twice: fc.oneof({ arbitrary: fc.constant([]), weight: 12 }, { arbitrary: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), weight: 1 }),
      stranger: fc.oneof({ arbitrary: fc.constant(false), weight: 20 }, { arbitrary: fc.constant(true), weight: 1 }),
      actor: fc.constantFrom('family' as const, 'family' as const, 'family' as const, 'office' as const, 'office-override' as const),
    }),
  )
  .map(({ pick, respell, twice, stranger, kids, capacity, othersBooked, ...rest }) => {
    const named = kids.map((kid, i) => ({ ...kid, name: NAMES[i]! }));
    // The session holds the family's children booked in it and at most the rest of its spots for other families.
    const bookedHere = named.filter((kid) => kid.bookedHere).length;
    const spots = Math.max(capacity, bookedHere);
    // Some of the children, each once, in an order of the family's choosing.
    const chosen = [...new Set(pick.map((n) => n % named.length))].map((i) => named[i]!.name);
    const request = chosen.map((name, i) => (respell && i === 0 ? name.toUpperCase() : name));
    for (const n of twice) request.push(chosen[n % chosen.length]!.toLowerCase());
    if (stranger) request.splice(1, 0, 'Zed');
    return { ...rest, capacity: spots, othersBooked: Math.min(othersBooked, spots - bookedHere), kids: named, request };
  });

/** The instant of another booking's session, against the session's Toronto week (TypeScript's week: SQL must agree). */
function otherStart(place: OtherPlace, startsAt: Date): Date {
  const week = torontoWeekOf(startsAt);
  const start = new Date(week.start.getTime());
  const end = new Date(week.end.getTime());
  switch (place) {
    case 'week-start':
      return start;
    case 'mid-week':
      return addMinutes(start, 3 * 24 * 60 + 17 * 60);
    case 'week-last-minute':
      return addMinutes(end, -1);
    case 'week-before-last-minute':
      return addMinutes(start, -1);
    case 'next-week-start':
      return end;
  }
}

type Prediction = { booked: string[]; bookedCount: number; creditsSpentBy: string[] } | ({ bookedCount: number } & BookingRefusal);

/**
 * What the booking dialog's rules say of the case: the session card (started, full, spots for the children chosen),
 * the window, each child as the dialog explains them (already booked, weekly limit reached, ineligible), and the
 * names as the server finds them. The order is the server's: the session, the names, eligibility, the details a
 * class needs (issue 31), spots, then the children already booked and those at their limit. Issue 32: a child at its
 * limit whose make-up credit covers the session is offered and booked, and spends a credit (not with the override).
 */
function predict(c: BookingCase): Prediction {
  const bookedHere = c.kids.filter((kid) => kid.bookedHere).map((kid) => kid.name);
  const bookedCount = c.othersBooked + bookedHere.length;
  const refused = (refusal: BookingRefusal): Prediction => ({ ...refusal, bookedCount });
  const availableSpots = c.capacity - bookedCount;
  const card = sessionCardState({ id: 'session', startsAt: c.startsAt, availableSpots }, { booked: bookedHere.length > 0, now: c.now });
  if (hasStarted({ startsAt: c.startsAt }, c.now)) return refused({ refusal: 'session-started' });
  if (c.actor === 'family' && !isInBookingWindow(c.startsAt, c.now)) return refused({ refusal: 'outside-window' });

  const found = c.request.map((name) => c.kids.find((kid) => sameChildName(kid.name, name)));
  const strangers = c.request.filter((_, i) => !found[i]);
  if (strangers.length) return refused({ refusal: 'not-your-children', names: strangers });
  const twice = firstRepeatedChildName(c.request);
  if (twice) {
    const child = found[c.request.indexOf(twice[0])]!;
    return refused({ refusal: 'named-twice', names: c.request.filter((name) => sameChildName(name, child.name)) });
  }
  const chosen = found as Kid[];

  const ineligible = chosen.flatMap((kid) => {
    const why = ineligibility(kid, c.classType, c.startsAt);
    return why ? [{ name: kid.name, ...why }] : [];
  });
  if (ineligible.length) return refused({ refusal: 'ineligible', children: ineligible, classType: c.classType });
  // Issue 31: a detail the class needs and a child's record lacks (the dialogs ask for it before booking).
  const lacking = missingDetailsOf(chosen, chosen.map((kid) => kid.name), c.classType, c.startsAt);
  if (lacking.length) {
    return refused({ refusal: 'details-missing', children: lacking.map((kid) => ({ name: kid.childName, fields: kid.fields })), classType: c.classType });
  }
  expect(card.bookable).toBe(!card.full);
  if (card.full) return refused({ refusal: 'full' });
  if (!canSubmitBooking(chosen.length, availableSpots)) return refused({ refusal: 'spots', available: availableSpots, requested: chosen.length });

  // Each child's week as the dialog reads it (the child stats of the session's Toronto week), and what it says.
  const week = torontoWeekOf(c.startsAt);
  const inWeek = (at: Date) => at.getTime() >= week.start.getTime() && at.getTime() < week.end.getTime();
  const stats: ChildWeek[] = c.kids.map((kid) => {
    const used = kid.others.filter((other) => other.confirmed && inWeek(otherStart(other.place, c.startsAt))).length + (kid.bookedHere ? 1 : 0);
    // The credits child-stats lists: not used nor removed, and not ended by now.
    const makeupCreditExpiries = kid.credits
      .filter((credit) => credit.state === 'available')
      .map((credit) => addMinutes(c.startsAt, credit.endsAfterStart))
      .filter((end) => end.getTime() > c.now.getTime())
      .map((end) => end.toISOString());
    return { name: kid.name, used, limit: kid.weeklyLimit, remaining: Math.max(0, kid.weeklyLimit - used), makeupCreditExpiries };
  });
  const choices = childChoices(c.kids, {
    bookedHere,
    week: stats,
    weekWord: weekWordOf(c.startsAt, c.now),
    session: { classType: c.classType, startsAt: c.startsAt },
  });
  const choiceOf = (kid: Kid) => choices.find((choice) => choice.name === kid.name)!;
  const statsOf = (kid: Kid) => stats.find((stat) => stat.name === kid.name)!;
  const already = chosen.filter((kid) => choiceOf(kid).reason === ALREADY_BOOKED).map((kid) => kid.name);
  const overLimit =
    c.actor === 'office-override'
      ? []
      : chosen
          .filter((kid) => choiceOf(kid).reason === weeklyLimitReached(statsOf(kid)))
          .map((kid) => ({ name: kid.name, limit: kid.weeklyLimit, used: statsOf(kid).used }));
  if (already.length) return refused({ refusal: 'already-booked', names: already.sort(), overLimit });
  if (overLimit.length) return refused({ refusal: 'weekly-limit', name: overLimit[0]!.name, limit: overLimit[0]!.limit, overLimit });
  // Every child chosen can be ticked, and the Book button is enabled: the dialog promises a booking.
  expect(chosen.every((kid) => choiceOf(kid).bookable || c.actor === 'office-override')).toBe(true);
  const creditsSpentBy = c.actor === 'office-override' ? [] : chosen.filter((kid) => choiceOf(kid).usesCredit).map((kid) => kid.name);
  return { booked: chosen.map((kid) => kid.name), bookedCount: bookedCount + chosen.length, creditsSpentBy: creditsSpentBy.sort() };
}

const answerSchema = z.object({
  answer: z.union([z.object({ refusal: z.string() }).catchall(z.unknown()), z.object({ booking: z.object({ childNames: z.array(z.string()) }) })]),
});

/** portal_book's answer for the case and the session's booked count after it, on the migrated database (rolled back). */
async function databaseOutcome(c: BookingCase): Promise<Prediction> {
  return rolledBack(database.db, async (tx) => {
    const classTypeId = randomUUID();
    const sessionId = randomUUID();
    const kids = c.kids.map((kid, i) => ({ ...kid, id: randomUUID(), position: i + 1 }));
    const bookedHere = kids.filter((kid) => kid.bookedHere);
    const cancelledHere = kids.filter((kid) => kid.cancelledHere && !kid.bookedHere);
    const sessions = [{ id: sessionId, starts_at: c.startsAt, capacity: c.capacity, booked_count: c.othersBooked + bookedHere.length }];
    const bookings: Array<{ id: string; session_id: string; status: string }> = [];
    const bookingChildren: Array<{ booking_id: string; child_id: string; child_name: string }> = [];
    const book = (session: string, confirmed: boolean, children: ReadonlyArray<{ id: string; name: string }>) => {
      const id = randomUUID();
      bookings.push({ id, session_id: session, status: confirmed ? 'CONFIRMED' : 'CANCELLED' });
      for (const child of children) bookingChildren.push({ booking_id: id, child_id: child.id, child_name: child.name });
      return id;
    };
    if (bookedHere.length) book(sessionId, true, bookedHere);
    if (cancelledHere.length) book(sessionId, false, cancelledHere);
    const credits: Array<{ child_id: string; expires_at: Date; used_booking_id: string | null; removed_at: Date | null }> = [];
    for (const kid of kids) {
      const otherBookings = kid.others.map((other) => {
        const id = randomUUID();
        sessions.push({ id, starts_at: otherStart(other.place, c.startsAt), capacity: 10, booked_count: other.confirmed ? 1 : 0 });
        return book(id, other.confirmed, [kid]);
      });
      for (const credit of kid.credits) {
        const usedBy = credit.state === 'used' ? (otherBookings[0] ?? null) : null;
        const removed = credit.state === 'removed' || (credit.state === 'used' && !usedBy);
        credits.push({ child_id: kid.id, expires_at: addMinutes(c.startsAt, credit.endsAfterStart), used_booking_id: usedBy, removed_at: removed ? c.now : null });
      }
    }
    // One statement writes the class, the sessions, the children and their bookings (the keys are checked at its end).
    await tx.execute(sql`
      with class_type as (
        insert into class_types (id, code, name, min_age, max_age, girls_only)
        values (${classTypeId}, ${`P${classTypeId.slice(0, 8)}`}, ${c.classType.name}, ${c.classType.minAge}, ${c.classType.maxAge}, ${c.classType.girlsOnly})
      ), new_sessions as (
        insert into sessions (id, class_type_id, starts_at, ends_at, capacity, booked_count)
        select id, ${classTypeId}, starts_at, starts_at + interval '1 hour', capacity, booked_count
        from jsonb_to_recordset(${JSON.stringify(sessions)}::jsonb) as x(id uuid, starts_at timestamptz, capacity integer, booked_count integer)
      ), new_children as (
        insert into children (id, family_id, position, name, weekly_limit, birth_date, sex)
        select id, ${parentId}, position, name, "weeklyLimit", "birthDate", sex
        from jsonb_to_recordset(${JSON.stringify(kids)}::jsonb) as x(id uuid, position integer, name text, "weeklyLimit" integer, "birthDate" date, sex text)
      ), new_bookings as (
        insert into bookings (id, family_id, session_id, status)
        select id, ${parentId}, session_id, status from jsonb_to_recordset(${JSON.stringify(bookings)}::jsonb) as x(id uuid, session_id uuid, status text)
      ), new_credits as (
        insert into makeup_credits (family_id, child_id, reason, expires_at, used_booking_id, removed_at)
        select ${parentId}, child_id, 'OFFICE', expires_at, used_booking_id, removed_at
        from jsonb_to_recordset(${JSON.stringify(credits)}::jsonb) as x(child_id uuid, expires_at timestamptz, used_booking_id uuid, removed_at timestamptz)
      )
      insert into booking_children (booking_id, child_id, child_name)
      select booking_id, child_id, child_name
      from jsonb_to_recordset(${JSON.stringify(bookingChildren)}::jsonb) as x(booking_id uuid, child_id uuid, child_name text)`);
    const office =
      c.actor === 'family' ? null : { adminId, adminName: 'Adam Archer', note: 'Parity', overrideWeeklyLimit: c.actor === 'office-override' };
    const [row] = await rowsOf(
      tx,
      sql`select portal_book(${parentId}, ${sessionId}, array(select jsonb_array_elements_text(${JSON.stringify(c.request)}::jsonb)),
                             ${c.now.toISOString()}::timestamptz, ${JSON.stringify(PARENT)}::jsonb, ${office && JSON.stringify(office)}::jsonb) as answer`,
      answerSchema,
    );
    // The spots the session holds once the booking is made (or refused), read after it.
    const [after] = await rowsOf(tx, sql`select booked_count as "bookedCount" from sessions where id = ${sessionId}`, z.object({ bookedCount: z.number().int() }));
    const { answer } = row!;
    const { bookedCount } = after!;
    if ('refusal' in answer) return { ...(answer as BookingRefusal), bookedCount };
    // The credits this session's bookings spent (the family's only new booking is here).
    const spent = await rowsOf(
      tx,
      sql`select c.name from makeup_credits mc join children c on c.id = mc.child_id join bookings b on b.id = mc.used_booking_id
          where b.session_id = ${sessionId} order by c.name`,
      z.object({ name: z.string() }),
    );
    return { booked: answer.booking.childNames, bookedCount, creditsSpentBy: spent.map((r) => r.name) };
  });
}

/** Cases the generator makes, by outcome, to see that each refusal is reached (FC_STATS=1 prints them). */
const outcomeOf = (p: Prediction) => ('booked' in p ? (p.creditsSpentBy.length ? 'booked, a credit spent' : 'booked') : p.refusal);

describe('spots and weekly limits as the booking dialog explains them, and as the database books', () => {
  it('books exactly when the dialog says so, and otherwise refuses for the reason it predicts', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    if (process.env.FC_STATS) fc.statistics(bookingCase, (c) => outcomeOf(predict(c)), { numRuns: 2000 });
    await fc.assert(
      fc.asyncProperty(bookingCase, async (c) => {
        const predicted = predict(c);
        const outcome = await databaseOutcome(c);
        expect(outcome).toEqual(predicted);
        if ('refusal' in outcome) {
          // The family reads the same message whichever side wrote the refusal.
          const asker = c.actor === 'family' ? 'family' : 'office';
          expect(refusalError(outcome, asker).message).toBe(refusalError(predicted as BookingRefusal, asker).message);
        }
      }),
      propertyOptions(100),
    );
  });

});
