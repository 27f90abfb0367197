import { and, asc, count, isNull, sql, type SQL } from 'drizzle-orm';
import type { UsersListResponse } from '../../../shared/schemas/admin-users';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { loadAdminUserDtos } from './admin-user-dto';
import { bookingPausesOf } from '../bookings/booking-pause';
import { countRecentNoShows } from './count-recent-no-shows';

export interface ListUsersInput {
  page: number;
  limit: number;
  search?: string | undefined;
  /** The app's clock: the users table's no-shows are those of the 30 days before it. */
  now: Date;
}

/** '%term%' for ILIKE, with the term's own %, _ and \ matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The search condition: case-insensitive, anywhere in "first last email" (so first name, last name, full
 * name and e-mail) or in the name of one of the user's current children. Each side matches '%term%' against
 * exactly the expression of a GIN trigram index (users_search_trgm_idx, children_name_trgm_idx, migration
 * 0002), and the two sides are a union of ids, so PostgreSQL answers both with bitmap index scans instead of
 * reading every family (bench/users-search-plan.ts shows the plan at 10,000 families).
 */
export function usersSearchCondition(search: string): SQL {
  const pattern = containsPattern(search.trim().replace(/\s+/g, ' '));
  return sql`${users.id} in (
    select su.id from users su
      where lower(su.first_name || ' ' || su.last_name || ' ' || su.email) ilike ${pattern}
    union
    select sg.id from children sc join users sg on sg.family_id = sc.family_id
      where lower(sc.name) ilike ${pattern} and sc.removed_at is null
  )`;
}

function listWhere(search: string | undefined): SQL {
  const live = isNull(users.deletedAt);
  return search?.trim() ? and(live, usersSearchCondition(search))! : live;
}

/** One page of the users list, ordered by last name then first name (case-insensitive). */
export function usersPageQuery(db: Database, input: Omit<ListUsersInput, 'now'>) {
  return db
    .select()
    .from(users)
    .where(listWhere(input.search))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
}

/** How many users match (the same condition as usersPageQuery). */
export function usersCountQuery(db: Database, input: Pick<ListUsersInput, 'search'>) {
  return db.select({ total: count() }).from(users).where(listWhere(input.search));
}

/**
 * GET /api/admin/users: live accounts only (deleted ones never), searched on the server, a page at a time; each
 * row with the family's no-shows of the last 30 days (counted for the page's users only).
 */
export async function listUsers(db: Database, input: ListUsersInput): Promise<UsersListResponse> {
  const [rows, [totals]] = await Promise.all([
    usersPageQuery(db, input),
    usersCountQuery(db, input),
  ]);
  const total = totals?.total ?? 0;
  const familyIds = rows.flatMap((user) => (user.familyId ? [user.familyId] : []));
  const [dtos, noShows, paused] = await Promise.all([
    loadAdminUserDtos(db, rows),
    countRecentNoShows(db, { familyIds, now: input.now }),
    // Issue 32: which of the page's families the no-show rule has paused (one read of the policies while it is off).
    bookingPausesOf(db, familyIds, input.now),
  ]);
  return {
    users: dtos.map((user, i) => ({
      ...user,
      noShows30d: noShows.get(rows[i]!.familyId ?? '') ?? 0,
      bookingPaused: paused.has(rows[i]!.familyId ?? ''),
    })),
    page: input.page,
    limit: input.limit,
    total,
    totalPages: Math.ceil(total / input.limit),
  };
}
