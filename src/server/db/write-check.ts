import { randomUUID } from 'node:crypto';
import { open, stat, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { databaseTrouble } from './database-errors';

/** The size of the file the disk check writes: a few of the embedded database's 8 KB pages. */
const PROBE_BYTES = 64 * 1024;

/** The disk under the embedded database is full: the start-up and readiness say which disk and which folder. */
export class DiskFullError extends Error {
  readonly code = 'ENOSPC';
}

class RolledBack extends Error {}

/**
 * Readiness's write check (issue 29): a tiny write in a transaction that is rolled back (one row of
 * scheduled_jobs under a name of its own: no trigger, no lock anyone else wants), which fails on a read-only or
 * unreachable database; on the embedded database also a small file written, synced and removed in its folder,
 * since a rolled-back write there never reaches the disk. Rejects when it fails or takes longer than `timeoutMs`.
 */
export function checkWrite(db: Database, folder: string | null, timeoutMs: number): Promise<void> {
  return withTimeout(writeAndRollBack(db, folder), timeoutMs);
}

/** `work`, or a rejection once `ms` have passed (the work itself goes on, bounded by the database's timeouts). */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function writeAndRollBack(db: Database, folder: string | null): Promise<void> {
  if (folder) await assertDiskSpace(folder);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into scheduled_jobs (name) values (${`write-check:${randomUUID()}`})`);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

/**
 * Writes, syncs and removes a small file in `folder`; on a full disk throws a DiskFullError that names the folder,
 * the file system it is on and the space left there.
 */
export async function assertDiskSpace(folder: string): Promise<void> {
  const file = path.join(folder, `.write-check-${process.pid}-${randomUUID()}`);
  try {
    const handle = await open(file, 'w');
    try {
      await handle.write(Buffer.alloc(PROBE_BYTES));
      await handle.datasync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (databaseTrouble(error) === 'disk-full') throw await diskFullError(folder, error);
    throw error;
  } finally {
    await unlink(file).catch(() => undefined);
  }
}

/** The error of a start-up or a write check that failed for lack of space in `folder`. */
export async function diskFullError(folder: string, cause?: unknown): Promise<DiskFullError> {
  const [mount, free] = await Promise.all([mountPointOf(folder), freeBytes(folder)]);
  return new DiskFullError(
    `No space left on the disk of the embedded database: ${folder} is on the file system mounted at ${mount}, ` +
      `which has ${free} free. Free some space there (or move DATA_DIR to a larger disk), then start again.`,
    { cause },
  );
}

/** Whether the file system of `folder` has no room for another small write (checked after a start-up failure). */
export async function isDiskFull(folder: string): Promise<boolean> {
  try {
    await assertDiskSpace(folder);
    return false;
  } catch (error) {
    return error instanceof DiskFullError;
  }
}

async function freeBytes(folder: string): Promise<string> {
  try {
    const { bavail, bsize } = await statfs(folder);
    const bytes = bavail * bsize;
    return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
  } catch {
    return 'an unknown amount';
  }
}

/** The folder where the file system holding `folder` is mounted (the last parent on the same device). */
async function mountPointOf(folder: string): Promise<string> {
  let current = path.resolve(folder);
  try {
    const device = (await stat(current)).dev;
    for (;;) {
      const parent = path.dirname(current);
      if (parent === current || (await stat(parent)).dev !== device) return current;
      current = parent;
    }
  } catch {
    return current;
  }
}
