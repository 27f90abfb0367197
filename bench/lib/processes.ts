/**
 * The processes under test: the production bundle (node dist/server/server.js) and the bare node:http
 * ceiling, each in its own child process with its output in a log file, plus the build check before them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { freePort } from '../../src/server/test-support/free-port';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './util';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverBundle = path.join(projectRoot, 'dist/server/server.js');
const webIndex = path.join(projectRoot, 'dist/web/index.html');

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Makes sure the production bundle exists and is not older than the server's sources: `npm run build` when
 * dist/web or the bundle is missing, else just the server bundle (esbuild, seconds) when src is newer.
 */
export function ensureBuild(build: boolean): { rebuilt: string | null; bundleTime: string } {
  let rebuilt: string | null = null;
  const run = (command: string, args: string[]) => {
    console.log(`$ ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit' });
    if (result.status !== 0) {
      throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}); the server under test must build first (or pass --no-build to use dist as it is)`);
    }
  };
  if (!existsSync(webIndex) || !existsSync(serverBundle)) {
    if (!build) throw new Error('dist/ is missing: run npm run build first (or drop --no-build)');
    run('npm', ['run', 'build']);
    rebuilt = 'npm run build (dist was missing)';
  } else if (build) {
    const sources = Math.max(newestMtime(path.join(projectRoot, 'src/server')), newestMtime(path.join(projectRoot, 'src/shared')));
    if (sources > statSync(serverBundle).mtimeMs) {
      run(process.execPath, ['scripts/build-server.mjs']);
      rebuilt = 'server bundle (src/server or src/shared newer than dist/server/server.js)';
    }
  }
  return { rebuilt, bundleTime: statSync(serverBundle).mtime.toISOString() };
}

export interface Child {
  baseUrl: string;
  /** The process id (its CPU time is read from /proc by lib/probes.ts). */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-3000);
  } catch {
    return '(no log)';
  }
}

async function startChild(args: string[], env: Record<string, string>, logFile: string, readyPath: string, timeoutMs = 120_000): Promise<Child> {
  const port = await freePort();
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    // Only what the run sets: nothing of the caller's environment (DATABASE_URL, LOG_LEVEL…) leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!hasExited()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(baseUrl + readyPath).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { baseUrl, pid: child.pid!, logFile, stop };
    if (hasExited()) throw new Error(`${args.join(' ')} exited before it was ready (exit ${child.exitCode}); log ${logFile}:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} not ready within ${timeoutMs / 1000} s; log ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(100);
  }
}

/** The portal's production bundle as `npm start` runs it, with the default log level (info). */
export function startPortal(options: { dataDir: string; databaseUrl?: string | undefined; logFile: string; nodeArgs?: string[] }): Promise<Child> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    INSECURE_HTTP: 'true',
    SEED_DEMO_DATA: 'true',
    DATA_DIR: options.dataDir,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return startChild([...(options.nodeArgs ?? []), '--enable-source-maps', serverBundle], env, options.logFile, '/api/health/ready');
}

/** The ceiling: bench/bare-server.mjs. */
export function startBare(logFile: string): Promise<Child> {
  return startChild([path.join(projectRoot, 'bench/bare-server.mjs')], {}, logFile, '/');
}

/** The commit checked out, read from .git (no git command: another engineer works in the same tree). */
export function gitCommit(): string | null {
  try {
    const gitDir = path.join(projectRoot, '.git');
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    const loose = path.join(gitDir, ref);
    if (existsSync(loose)) return `${readFileSync(loose, 'utf8').trim()} (${ref})`;
    const packed = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8')
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`));
    return packed ? `${packed.split(' ')[0]} (${ref})` : ref;
  } catch {
    return null;
  }
}
