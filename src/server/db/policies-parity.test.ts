import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cancellationKind, creditExpiry } from '../../shared/rules/cancellation';
import { creditFor } from '../../shared/rules/makeup-credits';
import { DEFAULT_POLICIES, MAX_CREDIT_VALIDITY_DAYS, MAX_CUTOFF_HOURS, policiesSchema } from '../../shared/schemas/settings';
import type { DatabaseHandle } from './client';
import { propertyOptions, torontoInstant } from '../test-support/arbitraries';
import { PROPERTY_TIMEOUT_MS, rolledBack, rowsOf } from '../test-support/parity';
import { createTestDatabase } from '../test-support/test-database';

// Parity (docs/development.md, "Parity tests"), issue 32: the policies' defaults, when a cancellation is late, when a
// make-up credit stops and which credit a session can use, in TypeScript (src/shared/rules/cancellation.ts,
// makeup-credits.ts, src/shared/schemas/settings.ts) and in the database (portal_policies, portal_cancellation_kind,
// portal_credit_expiry, portal_usable_credit). The instants are drawn around Toronto's
// clock changes, midnights and leap days, where an hour counted on the wall clock instead of the timeline shows.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('policies: the database reads the same defaults as the server', () => {
  it('portal_policies() with nothing saved equals DEFAULT_POLICIES', async () => {
    const [row] = await rowsOf(database.db, sql`select portal_policies() as value`, z.object({ value: z.unknown() }));
    expect(policiesSchema.parse(row!.value)).toEqual(DEFAULT_POLICIES);
  });

  it('a saved value overrides every default', async () => {
    const saved = { cancellationCutoffHours: 24, makeupCreditsEnabled: false, makeupCreditValidityDays: 7, noShowRuleEnabled: true, noShowLimit: 2 };
    const value = await rolledBack(database.db, async (tx) => {
      await tx.execute(sql`insert into business_settings (key, value) values ('policies', ${JSON.stringify(saved)}::jsonb)`);
      const [row] = await rowsOf(tx, sql`select portal_policies() as value`, z.object({ value: z.unknown() }));
      return row!.value;
    });
    expect(value).toEqual(saved);
  });
});

describe('late or early, and a credit’s end: one rule in both languages', () => {
  it('portal_cancellation_kind agrees with cancellationKind, right at the cut-off and across DST changes', async () => {
    const cases = fc.record({
      startsAt: torontoInstant,
      cutoffHours: fc.oneof(fc.constantFrom(0, 1, 2, 24), fc.integer({ min: 0, max: MAX_CUTOFF_HOURS })),
      // The cancellation: a few minutes either side of the cut-off, exactly on it, or anywhere in the week before.
      offsetMinutes: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant(0), fc.integer({ min: -7 * 24 * 60, max: 60 })),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ startsAt, cutoffHours, offsetMinutes }) => {
        const now = new Date(startsAt.getTime() - cutoffHours * 3_600_000 + offsetMinutes * 60_000);
        const kind = await rolledBack(database.db, async (tx) => {
          await tx.execute(sql`insert into business_settings (key, value) values ('policies', ${JSON.stringify({ ...DEFAULT_POLICIES, cancellationCutoffHours: cutoffHours })}::jsonb)`);
          const [row] = await rowsOf(
            tx,
            sql`select portal_cancellation_kind(${startsAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) as kind`,
            z.object({ kind: z.enum(['EARLY', 'LATE']) }),
          );
          return row!.kind;
        });
        expect(kind).toBe(cancellationKind(startsAt, now, cutoffHours));
        // The boundary itself: the cut-off instant is late, a minute before is early.
        if (offsetMinutes === 0) expect(kind).toBe('LATE');
        if (offsetMinutes === -1) expect(kind).toBe('EARLY');
      }),
      propertyOptions(200),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('portal_credit_expiry agrees with creditExpiry: the first instant of the Toronto day after the last one', async () => {
    const cases = fc.record({
      givenAt: torontoInstant,
      days: fc.oneof(fc.constantFrom(1, 7, 30), fc.integer({ min: 1, max: MAX_CREDIT_VALIDITY_DAYS })),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ givenAt, days }) => {
        const [row] = await rowsOf(
          database.db,
          sql`select portal_credit_expiry(${givenAt.toISOString()}::timestamptz, ${days}) as expires`,
          z.object({ expires: z.coerce.date() }),
        );
        expect(row!.expires.toISOString()).toBe(creditExpiry(givenAt, days).toISOString());
      }),
      propertyOptions(200),
    );
  }, PROPERTY_TIMEOUT_MS);

  it('a credit given on the Saturday before the November change lasts to Toronto midnight, not an hour off', () => {
    // 2026-10-31 10:00 Toronto (EDT, UTC-4); 30 days later is 2026-11-30 (EST, UTC-5): ends 2026-12-01 05:00Z.
    expect(creditExpiry(new Date('2026-10-31T14:00:00Z'), 30).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});

describe('which credit a session can use: one rule in both languages', () => {
  it('portal_usable_credit picks what creditFor picks: the earliest-ending credit that ends after the start', async () => {
    const cases = fc.record({
      startsAt: torontoInstant,
      // Each credit's end against the start: exactly on it, a minute either side, or days either side.
      ends: fc.array(fc.oneof(fc.constantFrom(0, 1, -1), fc.integer({ min: -40 * 24 * 60, max: 40 * 24 * 60 })), { minLength: 0, maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ startsAt, ends }) => {
        const expiries = [...new Set(ends)].map((minutes) => new Date(startsAt.getTime() + minutes * 60_000));
        const picked = await rolledBack(database.db, async (tx) => {
          const [family] = await rowsOf(tx, sql`insert into families default values returning id`, z.object({ id: z.string() }));
          const familyId = family!.id;
          const child = await rowsOf(
            tx,
            sql`insert into children (family_id, position, name, weekly_limit) values (${familyId}, 1, 'Ava', 1) returning id`,
            z.object({ id: z.string() }),
          );
          for (const expiresAt of expiries) {
            await tx.execute(sql`insert into makeup_credits (family_id, child_id, reason, expires_at) values (${familyId}, ${child[0]!.id}, 'OFFICE', ${expiresAt.toISOString()}::timestamptz)`);
          }
          const [row] = await rowsOf(
            tx,
            sql`select (select expires_at from makeup_credits where id = portal_usable_credit(${child[0]!.id}, ${startsAt.toISOString()}::timestamptz)) as expires`,
            z.object({ expires: z.coerce.date().nullable() }),
          );
          return row!.expires;
        });
        expect(picked?.toISOString() ?? null).toBe(creditFor(expiries, startsAt)?.toISOString() ?? null);
      }),
      propertyOptions(100),
    );
  }, PROPERTY_TIMEOUT_MS);
});
