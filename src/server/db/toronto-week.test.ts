import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWindow, torontoTime, torontoWeekOf } from '../../shared/rules/week';
import type { DatabaseHandle } from './client';
import { createTestDatabase } from '../test-support/test-database';

// The booking functions compute the Toronto week in SQL (src/server/db/functions/portal_toronto_week_start.sql); the
// calendar, the child stats and the e-mails compute it in TypeScript (src/shared/rules/week.ts). Both must
// draw the same line, in any server time zone and across the DST changes.
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
});
