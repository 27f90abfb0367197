import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';
import { APP_TABLES, fingerprint } from '../test-support/db-fingerprint';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { createTestDatabase, runOnServer } from '../test-support/test-database';
import { ApiClient } from '../test-support/test-server';
import { openDatabase, type DatabaseHandle } from './client';
import { bookings, sessions } from './schema';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

// A backup is only as good as its restore: back up a live portal database with scripts/db-backup.sh, restore
// it with scripts/db-restore.sh into a new database, and run the portal on the copy.

const run = promisify(execFile);
const script = (name: string) => path.join(projectRoot, 'scripts', name);
const serverUrl = process.env.DATABASE_URL!;
const restoredName = `nb_test_restored_${Date.now()}_${randomBytes(4).toString('hex')}`;
const restoredUrl = Object.assign(new URL(serverUrl), { pathname: `/${restoredName}` }).toString();
const folder = mkdtempSync(path.join(tmpdir(), 'nb-backup-'));


const servers: ServerProcess[] = [];
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const handle of handles.reverse()) await handle.close();
  await runOnServer(serverUrl, `drop database if exists ${restoredName} with (force)`);
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

const migrationsApplied = async (db: DatabaseHandle['db']) =>
  ((await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

describe('backup and restore of the PostgreSQL database', () => {
  it('a pg_dump backup restores into a new database that the portal runs on unchanged', async () => {
    const original = await createTestDatabase();
    handles.push(original);
    await seedDemoData(original.db);

    // A booking made through a running portal, then the portal stops (a quiet database to compare against).
    // A class of the test's own (open to every child: the seeded ones have age ranges, and Juno has no date of birth).
    const classType = await createClassType(original.db, { name: 'Backup Class' });
    const startsAt = addDays(new Date(), 1);
    startsAt.setUTCMinutes(0, 0, 0);
    const session = await createSession(original.db, { classTypeId: classType.id, startsAt, capacity: 4 });
    const parent = await createParent(original.db, [['Juno', 2]], 'backup');
    const portal = await startServerProcess({ env: { DATABASE_URL: original.url!, DATA_DIR: folder, SEED_DEMO_DATA: 'false' } });
    servers.push(portal);
    const api = new ApiClient(portal.baseUrl);
    await api.login(parent.email, parent.password);
    const booked = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Juno'] });
    expect(booked.status).toBe(201);
    expect(await portal.stop()).toEqual({ code: 0, signal: null });
    const before = await fingerprint(original.db, APP_TABLES);
    const migrations = await migrationsApplied(original.db);

    const file = path.join(folder, 'backups', 'portal.dump');
    const backup = await run('bash', [script('db-backup.sh'), original.url!, file]);
    expect(backup.stdout).toContain(`backup written to ${file}`);
    expect(existsSync(`${file}.partial`)).toBe(false);

    await runOnServer(serverUrl, `create database ${restoredName}`);
    const restore = await run('bash', [script('db-restore.sh'), file, restoredUrl]);
    expect(restore.stdout).toContain(`restored ${file}`);

    // Opening it runs the migrations: all are recorded in the backup, so none is applied again.
    const restored = await openDatabase({ kind: 'postgres', url: restoredUrl });
    handles.push(restored);
    expect(await migrationsApplied(restored.db)).toBe(migrations);
    // Every row of every table came back as it was.
    expect(await fingerprint(restored.db, APP_TABLES)).toEqual(before);
    const [copy] = await restored.db.select().from(bookings).where(eq(bookings.id, booked.body.id));
    expect(copy).toMatchObject({ familyId: parent.id, sessionId: session.id, status: 'CONFIRMED' });
    const [copiedSession] = await restored.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(copiedSession!.bookedCount).toBe(1);

    // The portal runs on the copy: the old passwords sign in, and the booking is the parent's.
    const onCopy = await startServerProcess({ env: { DATABASE_URL: restoredUrl, DATA_DIR: folder, SEED_DEMO_DATA: 'false' } });
    servers.push(onCopy);
    const again = new ApiClient(onCopy.baseUrl);
    await again.login(parent.email, parent.password);
    const mine = await again.get('/api/me/bookings');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(booked.body.id);
    const owner = new ApiClient(onCopy.baseUrl);
    await owner.login(DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].password);
    expect((await owner.get('/api/me')).body.role).toBe('SUPER_ADMIN');
  }, 180_000);

  it('refuses to restore on top of a database that has tables', async () => {
    const target = await createTestDatabase();
    handles.push(target);
    await createParent(target.db, [['Kai', 1]], 'live');
    const file = path.join(folder, 'backups', 'live.dump');
    await run('bash', [script('db-backup.sh'), target.url!, file]);
    const before = await fingerprint(target.db, APP_TABLES);
    // Restoring a backup over the live database it came from: refused, nothing touched.
    const refused = await run('bash', [script('db-restore.sh'), file, target.url!]).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('refusing to restore: the target database already has');
    expect(await fingerprint(target.db, APP_TABLES)).toEqual(before);
  }, 60_000);
});
