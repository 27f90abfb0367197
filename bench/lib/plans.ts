/**
 * EXPLAIN (ANALYZE, BUFFERS) of what each measured route runs on the large data: the project's own service
 * functions (the same code the bundle runs) are called on a Drizzle instance whose logger records every
 * statement with its parameters, and each recorded statement is explained on the bench's connection. Also
 * the check bench/users-search-plan.ts makes: the users search must use both GIN trigram indexes.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { findSessionUser } from '../../src/server/services/auth/session-user';
import { listMyBookings } from '../../src/server/services/bookings/list-my-bookings';
import { listSessions } from '../../src/server/services/sessions/list-sessions';
import { listUsers } from '../../src/server/services/users/list-users';
import { listSessionsQuery } from '../../src/shared/schemas/sessions';
import type { OpenDatabase } from './databases';
import type { RouteQueries } from './routes';
import { round } from './util';

export interface ExplainedQuery {
  sql: string;
  params: unknown[];
  executionMs: number;
  seqScans: string[];
  plan: string;
}

export interface RoutePlan {
  route: string;
  queries: ExplainedQuery[];
  /** The statement with the longest execution time. */
  dominant: { sql: string; executionMs: number } | null;
}

export interface PlanReport {
  routes: RoutePlan[];
  /** The users search's page and count queries both use users_search_trgm_idx and children_name_trgm_idx. */
  searchUsesTrigramIndexes: boolean;
  /** Sequential scans on the big tables (sessions, bookings, booking_children, users, children). */
  seqScans: string[];
  text: string;
}

/** A statement without its column list, for the report: 'select … from "bookings" inner join … where …'. */
function shortSql(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/^select .*? from "/, 'select … from "')
    .slice(0, 220);
}

const BIG_TABLES = ['sessions', 'bookings', 'booking_children', 'users', 'children'];

export async function explainRoutes(db: OpenDatabase, kind: 'postgres' | 'pglite', queries: RouteQueries, parentToken: string, parentId: string): Promise<PlanReport> {
  let recorded: Array<{ sql: string; params: unknown[] }> = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) };
  const client = (db.handle.db as unknown as { $client: unknown }).$client;
  const traced = (
    kind === 'postgres' ? drizzlePg(client as pg.Pool, { schema, logger }) : drizzlePglite(client as PGlite, { schema, logger })
  ) as unknown as Database;
  const now = new Date();
  const idle = { parentMinutes: 10_080, adminMinutes: 60 };
  const calendar = listSessionsQuery.parse(queries.calendar.query);
  const adminSessions = listSessionsQuery.parse(queries.adminSessions.query);
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['every signed-in route: the session lookup (plugins/auth.ts → findSessionUser)', () => findSessionUser(traced, parentToken, now, idle)],
    [`calendar: GET ${queries.calendar.path}`, () => listSessions(traced, { ...calendar, includeCancelled: false })],
    ['my bookings: GET /api/me/bookings', () => listMyBookings(traced, parentId, now)],
    [`admin sessions list: GET ${queries.adminSessions.path}`, () => listSessions(traced, { ...adminSessions, includeCancelled: true })],
    [`admin user search: GET ${queries.adminUsers.path}`, () => listUsers(traced, { page: 1, limit: 25, search: queries.adminUsers.search, now })],
  ];
  const routes: RoutePlan[] = [];
  const allSeq: string[] = [];
  let searchUsesTrigramIndexes = true;
  for (const [route, run] of steps) {
    recorded = [];
    await run();
    const explained: ExplainedQuery[] = [];
    for (const statement of recorded) {
      const rows = await db.raw.query<Record<string, string>>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
      const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!).filter((table) => BIG_TABLES.includes(table));
      explained.push({ sql: statement.sql, params: statement.params, executionMs: execution ? Number(execution[1]) : NaN, seqScans, plan });
      for (const table of seqScans) allSeq.push(`${route.split(':')[0]}: Seq Scan on ${table}`);
      // The search's page and count queries (the ones with ILIKE) must each use both trigram indexes.
      if (route.startsWith('admin user search') && /ilike/i.test(statement.sql)) {
        if (!plan.includes('users_search_trgm_idx') || !plan.includes('children_name_trgm_idx')) searchUsesTrigramIndexes = false;
      }
    }
    const dominant = explained.reduce<ExplainedQuery | null>((top, q) => (!top || q.executionMs > top.executionMs ? q : top), null);
    routes.push({
      route,
      queries: explained,
      dominant: dominant ? { sql: shortSql(dominant.sql), executionMs: round(dominant.executionMs, 3) } : null,
    });
  }
  const text = routes
    .map(
      (route) =>
        `##### ${route.route}\n` +
        route.queries
          .map((q, i) => `--- query ${i + 1} of ${route.queries.length} (execution ${q.executionMs} ms)\n${q.sql.replace(/\s+/g, ' ')}\n-- params: ${JSON.stringify(q.params)}\n${q.plan}\n`)
          .join('\n'),
    )
    .join('\n');
  return { routes, searchUsesTrigramIndexes, seqScans: [...new Set(allSeq)], text };
}
