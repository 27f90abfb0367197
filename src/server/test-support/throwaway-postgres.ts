import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PostgreSQL server of a test's own (initdb in a temporary folder, a free port on 127.0.0.1, trust
 * authentication), which the test may restart, kill, stop or freeze without disturbing the shared server
 * the other test files use. Run as root (CI), the server runs as the `postgres` operating-system user.
 */
export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** pg_ctl start (waits until it accepts connections). */
  start(): Promise<void>;
  /** pg_ctl stop -m <mode> (waits until it has stopped). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl restart -m fast. */
  restart(): Promise<void>;
  /** kill -9 of the postmaster, as the OOM killer would do; waits until its backends are gone too. */
  killPostmaster(): Promise<void>;
  /**
   * SIGSTOP to the postmaster, then to every backend: the server accepts TCP connections but never answers. Resolves
   * once every one of them is stopped (a backend forked just before the postmaster stopped is stopped too).
   */
  freeze(): Promise<void>;
  /** SIGCONT: the frozen server carries on. */
  thaw(): void;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when the machine has none. */
export function postgresBinaries(): string | null {
  const candidates = [process.env.PG_BINDIR ?? ''];
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) candidates.push(path.join('/usr/lib/postgresql', version, 'bin'));
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

const isRoot = () => process.getuid?.() === 0;

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server programs (initdb, pg_ctl) on this machine: set PG_BINDIR');
  const folder = mkdtempSync(path.join(tmpdir(), 'nb-pg-'));
  const dataDir = path.join(folder, 'data');
  // initdb refuses to run as root: the server runs as the postgres user, who must own the folder.
  const asOwner = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    return isRoot() ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  await asOwner('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c max_connections=100`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', dataDir, '-l', path.join(folder, 'server.log'), ...args]);

  const postmasterPid = (): number | null => {
    const file = path.join(dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  };
  /** The postmaster's child processes (backends, checkpointer, walwriter …), from /proc. */
  const childrenOf = (parent: number): number[] =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
        } catch {
          return false;
        }
      })
      .map(Number);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const send = (target: number, signal: NodeJS.Signals) => {
    try {
      process.kill(target, signal);
    } catch {
      // It has just exited.
    }
  };
  /** The process's state letter in /proc (T: stopped), or null once it has exited. */
  const stateOf = (pid: number): string | null => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
    } catch {
      return null;
    }
  };
  const runningPostmaster = () => {
    const pid = postmasterPid();
    if (!pid) throw new Error('the throwaway PostgreSQL is not running');
    return pid;
  };
  /**
   * The postmaster first, so it forks no backend the freeze would miss (the load keeps connecting); once it is
   * stopped its children are a fixed set: each is stopped, and the freeze waits until /proc says they all are.
   */
  const freeze = async () => {
    const pid = runningPostmaster();
    send(pid, 'SIGSTOP');
    const deadline = Date.now() + 10_000;
    const stopped = (target: number) => [null, 'T', 't', 'Z'].includes(stateOf(target));
    while (!stopped(pid)) {
      if (Date.now() > deadline) throw new Error('the postmaster did not stop');
      await sleep(5);
    }
    for (;;) {
      const running = childrenOf(pid).filter((child) => !stopped(child));
      if (running.length === 0) return;
      if (Date.now() > deadline) throw new Error(`backends ${running.join(', ')} did not stop`);
      for (const child of running) send(child, 'SIGSTOP');
      await sleep(5);
    }
  };
  /** The postmaster first when thawing, then its children. */
  const thaw = () => {
    const pid = runningPostmaster();
    send(pid, 'SIGCONT');
    for (const child of childrenOf(pid)) send(child, 'SIGCONT');
  };

  const server: ThrowawayPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCtl('-o', options, '-w', '-t', '60', 'start');
    },
    async stop(mode = 'fast') {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
    },
    async restart() {
      await pgCtl('-o', options, '-m', 'fast', '-w', '-t', '60', 'restart');
    },
    async killPostmaster() {
      const pid = postmasterPid();
      if (!pid) throw new Error('the throwaway PostgreSQL is not running');
      const children = childrenOf(pid);
      process.kill(pid, 'SIGKILL');
      // Orphaned backends notice the postmaster's death and exit; a new postmaster cannot start before they have.
      const deadline = Date.now() + 30_000;
      while ([pid, ...children].some(alive)) {
        if (Date.now() > deadline) for (const child of children.filter(alive)) process.kill(child, 'SIGKILL');
        await sleep(50);
      }
    },
    freeze,
    thaw,
    async destroy() {
      const pid = postmasterPid();
      if (pid && alive(pid)) {
        thaw();
        await server.stop('immediate').catch(() => undefined);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
