import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingWindow, torontoTime, torontoWeekOf } from '../../shared/rules/week';
import type { DatabaseHandle } from './client';
import { propertyOptions, torontoInstant } from '../test-support/arbitraries';
import { PROPERTY_TIMEOUT_MS, rowsOf } from '../test-support/parity';
import { createTestDatabase } from '../test-support/test-database';

// The booking functions compute the Toronto week in SQL (src/server/db/functions/portal_toronto_week_start.sql); the
// calendar, the child stats and the e-mails compute it in TypeScript (src/shared/rules/week.ts). Both must
// draw the same line, in any server time zone and across the DST changes (a parity test: docs/development.md,
// "Parity tests"; the model of the others).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function sqlWeek(instant: Date): Promise<{ start: string; end: string; windowEnd: string }> {
  const result = await database.db.execute(sql`
    select portal_toronto_week_start(${instant.toISOString()}::timestamptz) as start,
           portal_toronto_week_start(${instant.toISOString()}::timestamptz, 1) as "end",
           portal_toronto_week_start(${instant.toISOString()}::timestamptz, 2) as "windowEnd"`);
  const row = (result as unknown as { rows: Array<Record<string, string | Date>> }).rows[0]!;
  const iso = (value: string | Date) => new Date(value).toISOString();
  return { start: iso(row.start!), end: iso(row.end!), windowEnd: iso(row.windowEnd!) };
}

/** The same for many instants in one statement (the generated cases). */
async function sqlWeeks(instants: readonly Date[]): Promise<Array<{ start: string; end: string; windowEnd: string }>> {
  const iso = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
  const [row] = await rowsOf(
    database.db,
    sql`select coalesce(jsonb_agg(jsonb_build_object(
          'start', portal_toronto_week_start(t.i), 'end', portal_toronto_week_start(t.i, 1), 'windowEnd', portal_toronto_week_start(t.i, 2))
          order by t.o), '[]'::jsonb) as weeks
        from (select i::timestamptz as i, o from jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) with ordinality as a(i, o)) t`,
    z.object({ weeks: z.array(z.object({ start: iso, end: iso, windowEnd: iso })) }),
  );
  return row!.weeks;
}

describe('the Toronto week in SQL and in TypeScript', () => {
  // Around the changes of 2026 (March 8, November 1) and 2027 (March 14), at the week's edges and mid-week.
  const instants: Date[] = [
    torontoTime(2026, 3, 1, 23, 59),
    torontoTime(2026, 3, 2, 0, 0),
    torontoTime(2026, 3, 8, 1, 59),
    torontoTime(2026, 3, 8, 3, 0),
    torontoTime(2026, 3, 8, 23, 30),
    torontoTime(2026, 3, 9, 0, 0),
    torontoTime(2026, 10, 26, 0, 0),
    torontoTime(2026, 11, 1, 1, 30),
    torontoTime(2026, 11, 1, 23, 59),
    torontoTime(2026, 11, 2, 0, 0),
    torontoTime(2026, 11, 25, 12, 0),
    torontoTime(2026, 12, 31, 23, 0),
    torontoTime(2027, 1, 1, 0, 0),
    torontoTime(2027, 3, 14, 12, 0),
    torontoTime(2027, 3, 15, 0, 0),
  ];
  // And a spread of others, a prime number of hours apart (every hour of the day and every weekday).
  for (let i = 0; i < 60; i++) instants.push(new Date(Date.UTC(2026, 0, 1) + i * 151 * 3_600_000 + i * 61_000));

  it('gives the same week start, week end and booking-window end for every instant', async () => {
    for (const instant of instants) {
      const week = torontoWeekOf(instant);
      const window = bookingWindow(instant);
      expect(await sqlWeek(instant), instant.toISOString()).toEqual({
        start: new Date(week.start.getTime()).toISOString(),
        end: new Date(week.end.getTime()).toISOString(),
        windowEnd: new Date(window.end.getTime()).toISOString(),
      });
    }
  });

  it('gives the same weeks for generated instants: clock-change nights, Toronto midnights, leap-day nights, any time', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(torontoInstant, { minLength: 1, maxLength: 50 }), async (instants) => {
        const expected = instants.map((instant) => ({
          start: new Date(torontoWeekOf(instant).start.getTime()).toISOString(),
          end: new Date(torontoWeekOf(instant).end.getTime()).toISOString(),
          windowEnd: new Date(bookingWindow(instant).end.getTime()).toISOString(),
        }));
        expect(await sqlWeeks(instants)).toEqual(expected);
      }),
      propertyOptions(20),
    );
  });
});
