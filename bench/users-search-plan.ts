/**
 * npx tsx bench/users-search-plan.ts: proves the admin users search uses its trigram indexes at 10,000
 * families. Creates a fresh PostgreSQL database (on the server of DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), applies the migrations, seeds 10,000 families with one to
 * four children each, runs VACUUM ANALYZE (as autovacuum would) and prints EXPLAIN ANALYZE of the exact page query and count query that
 * GET /api/admin/users?search=… runs (services/users/list-users.ts). Exits 1 when a plan does not use both
 * GIN trigram indexes (users_search_trgm_idx, children_name_trgm_idx). The database is dropped at the end.
 */
import { count } from 'drizzle-orm';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { children, families, users } from '../src/server/db/schema';
import { seededRandom } from '../src/server/db/seeded-random';
import { hashPassword } from '../src/server/services/auth/password';
import { listUsers, usersCountQuery, usersPageQuery } from '../src/server/services/users/list-users';
import { createTestDatabase } from '../src/server/test-support/test-database';
import { FIRST, SYLLABLES } from './lib/names';

const FAMILIES = 10_000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  // A fresh database on that server (dropped again at the end), with the app's migrations.
  const handle = await createTestDatabase(serverUrl);
  const url = handle.url!;
  let failed = false;
  try {
    const db = handle.db;
    const rand = seededRandom(2026);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    // ~600 surnames of three syllables, so one surname belongs to a handful of families.
    const surname = () => {
      const s = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
      return s[0]!.toUpperCase() + s.slice(1);
    };
    const passwordHash = await hashPassword('bench-pass');
    console.log(`Seeding ${FAMILIES} families into ${new URL(url).pathname.slice(1)}...`);
    for (let start = 0; start < FAMILIES; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, FAMILIES - start) }, (_, j) => {
        const i = start + j;
        const firstName = pick(FIRST);
        const lastName = surname();
        return { email: `${firstName}.${lastName}.${i}@families.test`.toLowerCase(), firstName, lastName, passwordHash };
      });
      const withIds = batch.map((row) => ({ ...row, id: randomUUID() }));
      await db.insert(families).values(withIds.map(({ id }) => ({ id })));
      const inserted = await db.insert(users).values(withIds.map((row) => ({ ...row, familyId: row.id }))).returning({ id: users.id });
      const kids = inserted.flatMap((user) => {
        const names = new Set<string>();
        const wanted = 1 + Math.floor(rand() * 4);
        while (names.size < wanted) names.add(`${pick(FIRST)}${rand() < 0.5 ? '' : ` ${pick(FIRST)}`}`);
        return [...names].map((kidName, position) => ({ familyId: user.id, name: kidName, position: position + 1, weeklyLimit: 2 }));
      });
      await db.insert(children).values(kids);
    }
    const pg2 = new pg.Client({ connectionString: url });
    await pg2.connect();
    // What autovacuum does on a live database: statistics, and new GIN entries moved from the index's
    // pending list into the index proper (a long pending list makes the planner price the index higher).
    await pg2.query('vacuum analyze');
    const [{ n: userCount } = { n: 0 }] = await db.select({ n: count() }).from(users);
    const [{ n: childCount } = { n: 0 }] = await db.select({ n: count() }).from(children);
    console.log(`${userCount} users, ${childCount} children.\n`);

    // A surname fragment, a child's name, and an e-mail fragment, as typed into the search box.
    const [sample] = await db.select({ lastName: users.lastName, email: users.email }).from(users).limit(1);
    const searches = [sample!.lastName.slice(0, 7).toUpperCase(), 'Tobi Sana', sample!.email.slice(0, 12)];
    for (const search of searches) {
      const page = usersPageQuery(db, { page: 1, limit: 25, search }).toSQL();
      const total = usersCountQuery(db, { search }).toSQL();
      for (const [label, query] of [
        ['page query', page],
        ['count query', total],
      ] as const) {
        const plan = await pg2.query(`explain (analyze, buffers off) ${query.sql}`, query.params as unknown[]);
        const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
        console.log(`=== search=${JSON.stringify(search)}: ${label}\n${query.sql.replace(/\s+/g, ' ')}\n-- params: ${JSON.stringify(query.params)}\n${text}\n`);
        const usesBoth = text.includes('Bitmap Index Scan on users_search_trgm_idx') && text.includes('Bitmap Index Scan on children_name_trgm_idx');
        if (!usesBoth) {
          failed = true;
          console.log('!!! this plan does not use both trigram indexes');
        }
      }
      const started = performance.now();
      const result = await listUsers(db, { page: 1, limit: 25, search, now: new Date() });
      console.log(`listUsers(search=${JSON.stringify(search)}): ${result.total} matches, first page in ${(performance.now() - started).toFixed(1)} ms\n`);
    }
    await pg2.end();
  } finally {
    await handle.close();
  }
  if (failed) {
    console.error('FAILED: a search plan did not use the trigram indexes');
    process.exit(1);
  }
  console.log('OK: every search plan uses Bitmap Index Scans on users_search_trgm_idx and children_name_trgm_idx');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
