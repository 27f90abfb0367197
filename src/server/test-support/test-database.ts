import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** What global-setup.ts prepared for this run (nothing outside vitest, e.g. in a bench: then from scratch). */
async function templates(): Promise<{ pgliteTemplate: string; postgresTemplate: string }> {
  if (!process.env.VITEST) return { pgliteTemplate: '', postgresTemplate: '' };
  const { inject } = await import('vitest');
  return { pgliteTemplate: inject('pgliteTemplate') ?? '', postgresTemplate: inject('postgresTemplate') ?? '' };
}

let pgliteDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(
  serverUrl: string | undefined = process.env.DATABASE_URL,
): Promise<DatabaseHandle & { url: string | null }> {
  const { pgliteTemplate, postgresTemplate } = await templates();
  if (!serverUrl) {
    // A copy of the run's migrated database (the migrations still run: they find nothing left to apply).
    if (pgliteTemplate) pgliteDump ??= new Blob([readFileSync(pgliteTemplate)]);
    return { ...(await openDatabase(pgliteDump ? { kind: 'pglite', loadDataDir: pgliteDump } : { kind: 'pglite' })), url: null };
  }

  const name = `nb_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // The run's migrated template only on the server it was made on.
  const template = postgresTemplate && serverUrl === process.env.DATABASE_URL ? ` template ${postgresTemplate}` : '';
  await admin.query(`create database ${name}${template}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs one statement on the PostgreSQL server itself (create or drop a database), on a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
