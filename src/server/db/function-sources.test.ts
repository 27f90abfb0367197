import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import type { DatabaseHandle } from './client';
import {
  compareFunctions,
  databaseFunctions,
  describeDifferences,
  functionsFolder,
  migratedPglite,
  migrationsCutAt,
  planFunctionMigration,
  readFunctionFiles,
  readJournal,
  scratchOf,
  stubSupersededDefinitions,
  writeFunctionMigration,
  type Query,
} from './function-sources';
import { createTestDatabase } from '../test-support/test-database';

// Decision 023: each database function's current definition lives in src/server/db/functions/<name>.sql, and the
// migrations bring a database to exactly those files, on PGlite and on PostgreSQL, from scratch or from any earlier
// state. `npm run db:functions` writes the migration for a changed file.

const differencesOf = async (query: Query, folder = functionsFolder) => {
  const files = readFunctionFiles(folder);
  const functions = await databaseFunctions(query);
  return { count: files.size, report: describeDifferences(compareFunctions(files, functions), files, functions) };
};

describe('the function files', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it(`equal the definitions of a migrated database, one file for each function and no other (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const { count, report } = await differencesOf(query);
    expect(report).toBe('');
    expect(count).toBeGreaterThanOrEqual(41);
  });
});

describe('the migrations', () => {
  it('hold no superseded copy of a function that could be a stub (npm run db:functions -- --stub-superseded)', () => {
    const left = stubSupersededDefinitions({ dryRun: true }).filter((decision) => decision.stub);
    expect(left.map((decision) => `${decision.name} in ${decision.tag}, superseded by ${decision.supersededBy}`)).toEqual([]);
  });
});

describe('a database migrated in steps', () => {
  // A deployment migrated up to migration N (with the files as they are now: the superseded definitions are stubs)
  // takes the rest at its next start, and must end with the same functions as a fresh one.
  // Cut before the booking functions exist, amid their redefinitions, and before the newest ones.
  const cuts = [8, 12, 17];
  it.each(cuts)('ends with the files after the first %i migrations and then the rest', async (count) => {
    expect(count).toBeLessThan(readJournal().entries.length);
    const cut = migrationsCutAt(count);
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder: cut.folder });
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(count);
      cut.restore();
      await migrate(drizzle(client), { migrationsFolder: cut.folder });
      const { report } = await differencesOf(scratchOf(client).query);
      expect(report).toBe('');
    } finally {
      await client.close();
      cut.remove();
    }
  }, 120_000);
});

describe('npm run db:functions', () => {
  // The generator on a copy of the migrations and the files: an edited file is found by the check, becomes a
  // migration, and a fresh database migrated with it equals the files again.
  let folder: string;
  let migrations: string;
  let functions: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'nb-db-functions-'));
    migrations = path.join(folder, 'migrations');
    functions = path.join(folder, 'functions');
    cpSync(migrationsFolder, migrations, { recursive: true });
    cpSync(functionsFolder, functions, { recursive: true });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('turns a changed, a new and a deleted file into one migration that brings a fresh database to the files', async () => {
    const weekFile = path.join(functions, 'portal_toronto_week_start.sql');
    writeFileSync(weekFile, readFileSync(weekFile, 'utf8').replace("'America/Toronto'", "'America/Toronto' /* edited */"));
    writeFileSync(
      path.join(functions, 'portal_answer.sql'),
      '-- A new function, written by hand in lower case.\ncreate or replace function portal_answer() returns integer language sql immutable as $$ select 42 $$;\n',
    );
    // No other function calls this one (the server does): deleting its file drops it.
    rmSync(path.join(functions, 'portal_end_family_waitlist.sql'));

    const before = await migratedPglite(migrations);
    try {
      const { report } = await differencesOf(before.query, functions);
      expect(report).toContain('src/server/db/functions/portal_toronto_week_start.sql differs from the migrated database');
      expect(report).toContain('src/server/db/functions/portal_answer.sql: no such function in the migrated database');
      expect(report).toContain('portal_end_family_waitlist: a function of the migrated database without a file');
      const { statements, normalised } = await planFunctionMigration(before, readFunctionFiles(functions));
      expect(statements).toHaveLength(3);
      expect(statements[2]).toBe('DROP FUNCTION portal_end_family_waitlist(parent_id uuid, now_at timestamp with time zone);');
      expect(normalised).toEqual(['portal_answer']);
      expect(readFileSync(path.join(functions, 'portal_answer.sql'), 'utf8')).toContain(
        '-- A new function, written by hand in lower case.\nCREATE OR REPLACE FUNCTION public.portal_answer()\n',
      );
      const tag = writeFunctionMigration(statements, 'test_functions', migrations);
      expect(tag).toBe(`${String(readJournal().entries.length).padStart(4, '0')}_test_functions`);
    } finally {
      await before.close();
    }

    const after = await migratedPglite(migrations);
    try {
      expect((await differencesOf(after.query, functions)).report).toBe('');
      const week = await after.query(`select portal_toronto_week_start('2026-11-25T12:00:00Z') as start, portal_answer() as answer`);
      expect(week[0]).toEqual({ start: new Date('2026-11-23T05:00:00Z'), answer: 42 });
      expect(await after.query(`select 1 from pg_proc where proname = 'portal_end_family_waitlist'`)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
