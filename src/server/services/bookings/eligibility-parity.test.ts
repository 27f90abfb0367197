import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { childChoices } from '../../../shared/rules/child-choice';
import { ineligibility, ineligibleMessage, type EligibilityClass, type EligibilityChild } from '../../../shared/rules/eligibility';
import { torontoDateKey } from '../../../shared/rules/week';
import type { DatabaseHandle } from '../../db/client';
import { ageBoundNear, birthDateAround, childSex, propertyOptions, torontoInstant } from '../../test-support/arbitraries';
import { createParent } from '../../test-support/fixtures';
import { PROPERTY_TIMEOUT_MS, rolledBack, rowsOf } from '../../test-support/parity';
import { createTestDatabase } from '../../test-support/test-database';
import { refusalError, type BookingRefusal } from './booking-refusals';

// Parity (docs/development.md, "Parity tests"): who may book a class, in TypeScript (src/shared/rules/eligibility.ts:
// the booking dialog greys a child out with its sentence) and in the database (portal_ineligible: what refuses the
// booking, the reschedule, the waitlist and promotion). The same generated cases go to both: sessions on the nights of
// the clock changes, around Toronto midnights and leap days; children born on, the day before or the day after a
// birthday (Feb 29 included), or with no date of birth; a recorded sex or none; class bounds near the children's ages,
// either one open, girls-only or not. Each case is written in a transaction that is rolled back.
let database: DatabaseHandle;
let parentId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  parentId = (await createParent(database.db, [])).id;
});
afterAll(async () => {
  await database?.close();
});

const NAMES = ['Ava', 'Leo', 'Mia', 'Noah'] as const;

interface EligibilityCase {
  startsAt: Date;
  classType: EligibilityClass;
  children: EligibilityChild[];
}

const eligibilityCase: fc.Arbitrary<EligibilityCase> = torontoInstant.chain((startsAt) => {
  const day = torontoDateKey(startsAt);
  return fc.integer({ min: 2, max: 17 }).chain((years) =>
    fc.record({
      startsAt: fc.constant(startsAt),
      classType: fc.record({
        name: fc.constantFrom('Sprint Mechanics', 'Girls Power'),
        minAge: ageBoundNear(years),
        maxAge: ageBoundNear(years),
        girlsOnly: fc.boolean(),
      }),
      children: fc
        .array(fc.record({ birthDate: fc.option(birthDateAround(day, years), { nil: null, freq: 5 }), sex: childSex }), { minLength: 1, maxLength: 4 })
        .map((kids) => kids.map((kid, i) => ({ name: NAMES[i]!, ...kid }))),
    }),
  );
});

const ineligibleAnswer = z.object({
  refusal: z.literal('ineligible'),
  children: z.array(
    z.union([
      z.object({ name: z.string(), reason: z.literal('age'), age: z.number().int() }).strict(),
      z.object({ name: z.string(), reason: z.literal('girls-only') }).strict(),
    ]),
  ),
  classType: z.object({ name: z.string(), minAge: z.number().int().nullable(), maxAge: z.number().int().nullable(), girlsOnly: z.boolean() }).strict(),
});

/** portal_ineligible's answer for the case, on a database where its class, session and children exist (rolled back). */
async function databaseAnswer(c: EligibilityCase) {
  return rolledBack(database.db, async (tx) => {
    const classTypeId = randomUUID();
    const sessionId = randomUUID();
    const kids = c.children.map((kid, i) => ({ id: randomUUID(), user_id: parentId, position: i + 1, name: kid.name, birth_date: kid.birthDate, sex: kid.sex }));
    // One statement writes the class, the session and the children (the keys are checked at its end).
    await tx.execute(sql`
      with class_type as (
        insert into class_types (id, code, name, min_age, max_age, girls_only)
        values (${classTypeId}, ${`P${classTypeId.slice(0, 8)}`}, ${c.classType.name}, ${c.classType.minAge}, ${c.classType.maxAge}, ${c.classType.girlsOnly})
      ), session as (
        insert into sessions (id, class_type_id, starts_at, ends_at, capacity)
        values (${sessionId}, ${classTypeId}, ${c.startsAt.toISOString()}::timestamptz, ${c.startsAt.toISOString()}::timestamptz + interval '1 hour', 10)
      )
      insert into children (id, family_id, position, name, weekly_limit, birth_date, sex)
      select id, user_id, position, name, 7, birth_date, sex
      from jsonb_to_recordset(${JSON.stringify(kids)}::jsonb) as k(id uuid, user_id uuid, position integer, name text, birth_date date, sex text)`);
    const [row] = await rowsOf(
      tx,
      sql`select portal_ineligible(s, array(select jsonb_array_elements_text(${JSON.stringify(kids.map((kid) => kid.id))}::jsonb)::uuid)) as refused
          from sessions s where s.id = ${sessionId}`,
      z.object({ refused: ineligibleAnswer.nullable() }),
    );
    return row!.refused;
  });
}

describe('eligibility in TypeScript and in the database', () => {
  it('refuses the same children for the same reasons, and the family reads the dialog’s sentences', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(eligibilityCase, async (c) => {
        const refused = c.children.flatMap((kid) => {
          const why = ineligibility(kid, c.classType, c.startsAt);
          return why ? [{ name: kid.name, ...why }] : [];
        });
        const answer = await databaseAnswer(c);
        expect(answer).toEqual(refused.length ? { refusal: 'ineligible', children: refused, classType: c.classType } : null);
        // What the dialog shows beside each greyed child is what the server's refusal says, sentence by sentence.
        const dialog = childChoices(c.children, { bookedHere: [], week: undefined, weekWord: 'next week', session: c });
        const greyed = dialog.filter((choice) => choice.ineligible).map((choice) => choice.reason);
        expect(answer ? refusalError(answer satisfies BookingRefusal).message : null).toBe(greyed.length ? greyed.join('. ') : null);
        if (answer) expect(ineligibleMessage(refused, c.classType)).toBe(refusalError(answer).message);
      }),
      propertyOptions(100),
    );
  });

  it('never refuses a child with nothing recorded, nor a girl, whatever the class', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    const unknownOrGirl = eligibilityCase.map((c) => ({
      ...c,
      children: c.children.map((kid, i) => (i % 2 ? { ...kid, birthDate: null, sex: null } : { ...kid, birthDate: null, sex: 'F' as const })),
    }));
    await fc.assert(
      fc.asyncProperty(unknownOrGirl, async (c) => {
        expect(c.children.map((kid) => ineligibility(kid, c.classType, c.startsAt))).toEqual(c.children.map(() => null));
        expect(await databaseAnswer(c)).toBeNull();
      }),
      propertyOptions(20),
    );
  });
});
