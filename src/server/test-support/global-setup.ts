import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { hashPassword } from '../services/auth/password';
import { TEST_PASSWORDS } from './password-hashes';
import { runOnServer } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tarball) every test database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
    /** A migrated database on the DATABASE_URL server that every test database is copied from; '' on PGlite. */
    postgresTemplate: string;
    /** password → argon2id hash, for TEST_PASSWORDS (see password-hashes.ts). */
    passwordHashes: Record<string, string>;
  }
}

/**
 * Once per integration run: the migrations are applied to one database, and every test file's fresh database
 * starts as a copy of it (PGlite: loadDataDir from a dump; PostgreSQL: CREATE DATABASE … TEMPLATE) instead of
 * running initdb and the migrations again. Each file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hashes = await Promise.all(TEST_PASSWORDS.map(async (password) => [password, await hashPassword(password)] as const));
  project.provide('passwordHashes', Object.fromEntries(hashes));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `nb_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await runOnServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'nb-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const handle = await openDatabase({ kind: 'pglite' });
  writeFileSync(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}
