import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawnServer, startServerProcess, type ServerProcess } from '../test-support/server-process';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

// The embedded database (PGlite) is one process's files: a second process opening them would corrupt them.
// These run on the embedded database whatever DATABASE_URL says (the started servers never inherit it).

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'nb-lock-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const readLock = (folder: string) => JSON.parse(readFileSync(path.join(folder, LOCK_FILE), 'utf8')) as { pid: number; host: string };
const writeLock = (folder: string, pid: number, host = hostname()) =>
  writeFileSync(path.join(folder, LOCK_FILE), JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z' }));

/** The PID of a process that has exited (and been reaped), so no live process holds it. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock file', () => {
  it('is claimed with this process as holder, and released by removing it', () => {
    const folder = tempFolder();
    const lock = acquireDataDirLock(folder);
    expect(readLock(folder)).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder held by another live process on this machine, naming it', () => {
    const folder = tempFolder();
    // The test runner that started this worker is alive for sure.
    writeLock(folder, process.ppid);
    expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(folder)).toThrow(`already open in process ${process.ppid} on ${hostname()}`);
    // Refusing leaves the holder's lock alone.
    expect(readLock(folder).pid).toBe(process.ppid);
  });

  it('refuses a folder held from another machine (its process cannot be checked from here)', () => {
    const folder = tempFolder();
    writeLock(folder, 4242, 'another-host');
    expect(() => acquireDataDirLock(folder)).toThrow(`delete ${path.join(folder, LOCK_FILE)}`);
  });

  it('takes over a lock left by a process that died (kill -9, power cut)', async () => {
    const folder = tempFolder();
    writeLock(folder, await deadPid());
    const lock = acquireDataDirLock(folder);
    expect(readLock(folder).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file (a start cut off while writing it)', () => {
    const folder = tempFolder();
    writeFileSync(path.join(folder, LOCK_FILE), '');
    const lock = acquireDataDirLock(folder);
    expect(readLock(folder).pid).toBe(process.pid);
    lock.release();
  });

  it('release removes only its own lock, never one another process took over since', () => {
    const folder = tempFolder();
    const lock = acquireDataDirLock(folder);
    writeLock(folder, process.ppid);
    lock.release();
    expect(readLock(folder).pid).toBe(process.ppid);
  });
});

describe('two server processes on one DATA_DIR', () => {
  const started: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  }, 60_000);

  it('the second exits with a clear message while the first keeps serving', async () => {
    const dataDir = tempFolder();
    const env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' };
    const first = await startServerProcess({ env });
    started.push(first);

    const second = spawnServer({ env });
    started.push(second);
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is already open in process ${first.pid}`);
    expect(second.output()).toContain('set DATABASE_URL to run several instances on PostgreSQL');

    const ready = await fetch(`${first.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(readLock(path.join(dataDir, 'pglite')).pid).toBe(first.pid);

    // A graceful stop releases the folder.
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'pglite', LOCK_FILE))).toBe(false);
  }, 120_000);

  it('the cluster entry refuses the embedded database (one process only) and points to npm start', async () => {
    const dataDir = tempFolder();
    const cluster = spawnServer({ entry: 'cluster', env: { DATA_DIR: dataDir, CLUSTER_WORKERS: '2' } });
    started.push(cluster);
    expect((await cluster.exited).code).toBe(1);
    expect(cluster.output()).toContain('npm run start:cluster needs DATABASE_URL (PostgreSQL)');
    expect(cluster.output()).toContain('Use `npm start` for the embedded database');
    // It stopped before any worker opened the folder.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
