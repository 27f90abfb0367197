import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ChildStatsResponse } from '../../../shared/schemas/bookings';
import { torontoMidnightOf, torontoWeekOf } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { children } from '../../db/schema';
import { countWeeklyUsage } from './count-weekly-usage';

/** Per child of the caller: confirmed bookings in the Toronto week holding `week` (YYYY-MM-DD), limit, remaining. */
export async function getChildStats(db: Database, familyId: string | null, week: string | undefined, now = new Date()): Promise<ChildStatsResponse> {
  // A calendar date names a Toronto day; a date-time names an instant.
  const range = torontoWeekOf(!week ? now : week.length === 10 ? torontoMidnightOf(week) : new Date(week));
  const kids = familyId
    ? await db
        .select({ id: children.id, name: children.name, limit: children.weeklyLimit })
        .from(children)
        .where(and(eq(children.familyId, familyId), isNull(children.removedAt)))
        .orderBy(asc(children.position))
    : [];
  const usage = await countWeeklyUsage(db, { childIds: kids.map((kid) => kid.id), weekOf: range.start });
  return {
    weekStart: new Date(range.start.getTime()).toISOString(),
    children: kids.map((kid) => {
      const used = usage.get(kid.id) ?? 0;
      return { name: kid.name, used, limit: kid.limit, remaining: Math.max(0, kid.limit - used) };
    }),
  };
}
