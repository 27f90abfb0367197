import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ELIGIBILITY_DETAILS, ineligibility, missingDetailsMessage, missingDetailsOf, type EligibilityChild, type EligibilityClass } from '../../../shared/rules/eligibility';
import { torontoDateKey } from '../../../shared/rules/week';
import type { DatabaseHandle } from '../../db/client';
import { ageBoundNear, birthDateAround, childSex, propertyOptions, torontoInstant } from '../../test-support/arbitraries';
import { createParent } from '../../test-support/fixtures';
import { PROPERTY_TIMEOUT_MS, rolledBack, rowsOf } from '../../test-support/parity';
import { createTestDatabase } from '../../test-support/test-database';
import { refusalError } from './booking-refusals';

// Parity (docs/development.md, "Parity tests"), issue 31: which details a class needs of a child and the record lacks,
// in TypeScript (src/shared/rules/eligibility.ts missingDetailsOf: both booking dialogs ask for them) and in the
// database (portal_details_missing, asked by portal_book after portal_ineligible). The same generated cases go to
// both: classes with an age range (either end open) or none, girls-only or not; children with a date of birth or
// none, a sex or none. Each case is written in a transaction that is rolled back.
let database: DatabaseHandle;
let familyId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  familyId = (await createParent(database.db, [])).id;
});
afterAll(async () => {
  await database?.close();
});

const NAMES = ['Ava', 'Leo', 'Mia', 'Noah'] as const;

interface DetailsCase {
  startsAt: Date;
  classType: EligibilityClass;
  children: EligibilityChild[];
}

const detailsCase: fc.Arbitrary<DetailsCase> = torontoInstant.chain((startsAt) => {
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
        .array(fc.record({ birthDate: fc.option(birthDateAround(day, years), { nil: null, freq: 2 }), sex: childSex }), { minLength: 1, maxLength: 4 })
        .map((kids) => kids.map((kid, i) => ({ name: NAMES[i]!, ...kid }))),
    }),
  );
});

const classShape = z.object({ name: z.string(), minAge: z.number().int().nullable(), maxAge: z.number().int().nullable(), girlsOnly: z.boolean() }).strict();
const answer = z.union([
  z.object({ refusal: z.literal('ineligible'), children: z.array(z.unknown()), classType: classShape }),
  z.object({
    refusal: z.literal('details-missing'),
    children: z.array(z.object({ name: z.string(), fields: z.array(z.enum(ELIGIBILITY_DETAILS)) }).strict()),
    classType: classShape,
  }),
]);

/** What portal_book asks, in its order: portal_ineligible, then portal_details_missing (on rows rolled back). */
async function databaseAnswer(c: DetailsCase) {
  return rolledBack(database.db, async (tx) => {
    const classTypeId = randomUUID();
    const sessionId = randomUUID();
    const kids = c.children.map((kid, i) => ({ id: randomUUID(), family_id: familyId, position: i + 1, name: kid.name, birth_date: kid.birthDate, sex: kid.sex }));
    await tx.execute(sql`
      with class_type as (
        insert into class_types (id, code, name, min_age, max_age, girls_only)
        values (${classTypeId}, ${`D${classTypeId.slice(0, 8)}`}, ${c.classType.name}, ${c.classType.minAge}, ${c.classType.maxAge}, ${c.classType.girlsOnly})
      ), session as (
        insert into sessions (id, class_type_id, starts_at, ends_at, capacity)
        values (${sessionId}, ${classTypeId}, ${c.startsAt.toISOString()}::timestamptz, ${c.startsAt.toISOString()}::timestamptz + interval '1 hour', 10)
      )
      insert into children (id, family_id, position, name, weekly_limit, birth_date, sex)
      select id, family_id, position, name, 7, birth_date, sex
      from jsonb_to_recordset(${JSON.stringify(kids)}::jsonb) as k(id uuid, family_id uuid, position integer, name text, birth_date date, sex text)`);
    const ids = JSON.stringify(kids.map((kid) => kid.id));
    const [row] = await rowsOf(
      tx,
      sql`select coalesce(portal_ineligible(s, ids.a), portal_details_missing(s, ids.a)) as refused
          from sessions s, (select array(select jsonb_array_elements_text(${ids}::jsonb)::uuid) as a) ids
          where s.id = ${sessionId}`,
      z.object({ refused: answer.nullable() }),
    );
    return row!.refused;
  });
}

describe('eligibility details in TypeScript and in the database', () => {
  it('ask the same children for the same details, after what is recorded refuses, with the same message', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(detailsCase, async (c) => {
        const refused = await databaseAnswer(c);
        const ineligible = c.children.some((kid) => ineligibility(kid, c.classType, c.startsAt) !== null);
        if (ineligible) {
          expect(refused?.refusal).toBe('ineligible');
          return;
        }
        const names = c.children.map((kid) => kid.name);
        const asked = missingDetailsOf(c.children, names, c.classType, c.startsAt);
        expect(refused).toEqual(
          asked.length ? { refusal: 'details-missing', children: asked.map((a) => ({ name: a.childName, fields: a.fields })), classType: c.classType } : null,
        );
        if (refused?.refusal === 'details-missing') {
          const error = refusalError(refused);
          expect(error.message).toBe(missingDetailsMessage(asked, c.classType));
          expect(error.body()).toMatchObject({ code: 'ELIGIBILITY_DETAILS_MISSING', missingDetails: asked });
        }
      }),
      propertyOptions(100),
    );
  });

  it('never asks anything of a class without an age range that is not girls-only', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    const open = detailsCase.map((c) => ({ ...c, classType: { ...c.classType, minAge: null, maxAge: null, girlsOnly: false } }));
    await fc.assert(
      fc.asyncProperty(open, async (c) => {
        expect(missingDetailsOf(c.children, c.children.map((kid) => kid.name), c.classType, c.startsAt)).toEqual([]);
        expect(await databaseAnswer(c)).toBeNull();
      }),
      propertyOptions(20),
    );
  });
});
