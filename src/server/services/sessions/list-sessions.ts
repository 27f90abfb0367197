import { and, asc, count, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { SessionsListResponse } from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { classTypes, sessions } from '../../db/schema';
import { toSessionDto } from './session-dto';

export interface ListSessionsInput {
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  page: number;
  classCode?: string | undefined;
  classTypeId?: string | undefined;
  /** Administrators see cancelled sessions too; parents never do. */
  includeCancelled?: boolean;
}

/** Sessions ordered by start, with their class type and spots, one page at a time. */
export async function listSessions(db: Database, input: ListSessionsInput): Promise<SessionsListResponse> {
  const conditions: SQL[] = [];
  if (!input.includeCancelled) conditions.push(ne(sessions.status, 'CANCELLED'));
  if (input.from) conditions.push(gte(sessions.startsAt, input.from));
  if (input.to) conditions.push(lte(sessions.startsAt, input.to));
  if (input.classTypeId) conditions.push(eq(sessions.classTypeId, input.classTypeId));
  if (input.classCode) conditions.push(eq(classTypes.code, input.classCode));
  const where = conditions.length ? and(...conditions) : undefined;

  const offset = (input.page - 1) * input.limit;
  const rows = await db
    .select({ session: sessions, classType: classTypes })
    .from(sessions)
    .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
    .where(where)
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(input.limit)
    .offset(offset);
  // A page that is not full (and not past the end) tells the total by itself: the count query runs only for a
  // full page or an empty one beyond the first (the calendar's window fits one page: one query, not two).
  const total =
    rows.length < input.limit && (rows.length > 0 || input.page === 1)
      ? offset + rows.length
      : ((
          await db
            .select({ total: count() })
            .from(sessions)
            .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
            .where(where)
        )[0]?.total ?? 0);
  return {
    sessions: rows.map((row) => toSessionDto(row.session, row.classType)),
    total,
    totalPages: Math.ceil(total / input.limit),
    page: input.page,
    limit: input.limit,
  };
}
