import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock file inside the embedded database's folder. */
export const LOCK_FILE = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(folder: string, holder: LockHolder) {
    super(
      `The embedded database in ${folder} is already open in process ${holder.pid} on ${holder.host} ` +
        `(since ${holder.since}). PGlite must never be opened by two processes: stop the other one, ` +
        'or set DATABASE_URL to run several instances on PostgreSQL. If that process no longer runs (its machine ' +
        `or container was replaced), delete ${path.join(folder, LOCK_FILE)} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, since: String(holder.since ?? 'unknown') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Claims the embedded database's folder for this process, or throws DataDirLockedError while another live
 * process on this machine holds it. The file is created exclusively (O_EXCL), so two processes starting at
 * once cannot both win. A lock left by a process that died (kill -9, power loss) names a PID that no longer
 * runs, or this very PID after a container restart, and is taken over. `release()` removes the file (also
 * done when the process exits normally).
 */
export function acquireDataDirLock(folder: string): { release(): void } {
  const file = path.join(folder, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only our own lock: never remove one a later process took over.
        if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // A file being written this instant by a starting process has no holder yet: look again.
      if (holder && holder.host === me.host && holder.pid !== me.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(folder, holder);
      }
      if (holder && holder.host !== me.host) throw new DataDirLockedError(folder, holder);
      if (!holder && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      // Stale: remove it only if it is still the very file read above (another starter may have replaced it).
      if (JSON.stringify(readHolder(file)) === JSON.stringify(holder)) rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim ${path.join(folder, LOCK_FILE)}; remove it if no portal process is running.`);
}
