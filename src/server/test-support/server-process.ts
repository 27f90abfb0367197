import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../paths';

/**
 * A real portal process started from source (`node --import tsx src/server/<entry>.ts`), as `npm start` runs
 * it but without a build: the integration tests run before the production build.
 */
export interface ServerProcess {
  /** http://127.0.0.1:<port>, known once the process listens (see waitUntilReady). */
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** Waits until `text` appears in the output (or fails when the process ends or the deadline passes). */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for the exit (SIGKILL after the grace period). Resolves with the exit. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9, as a crash or a power cut would end it. */
  kill9(): Promise<void>;
}

/** Variables of the test run that must not leak into a started server (the server gets exactly what a test gives). */
const NOT_INHERITED = ['DATABASE_URL', 'DATA_DIR', 'SMTP_URL', 'SEED_DEMO_DATA', 'PORT', 'HOST', 'PUBLIC_URL', 'NODE_OPTIONS', 'CLUSTER_WORKERS'];

const started = new Set<ChildProcess>();
// A test process that dies (a failed hook, a timeout) never leaves servers behind.
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function spawnServer(options: { env: Record<string, string>; entry?: 'server' | 'cluster' }): ServerProcess {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !NOT_INHERITED.includes(key) && !key.startsWith('VITEST')) env[key] = value;
  }
  Object.assign(env, { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' }, options.env);

  const entry = path.join(projectRoot, 'src', 'server', `${options.entry ?? 'server'}.ts`);
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const handle: ServerProcess = {
    baseUrl: '',
    pid: child.pid!,
    child,
    output: () => text,
    exited,
    hasExited,
    async waitForOutput(wanted, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      const found = () => (typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text));
      while (!found()) {
        if (hasExited()) throw new Error(`server exited before printing ${String(wanted)}:\n${text.slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`no ${String(wanted)} within ${timeoutMs} ms:\n${text.slice(-4000)}`);
        await sleep(50);
      }
    },
    async stop(graceMs = 20_000) {
      if (!hasExited()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
    async kill9() {
      if (!hasExited()) child.kill('SIGKILL');
      await exited;
    },
  };
  return handle;
}

/**
 * Starts a server process and waits until it answers /api/health/ready; `baseUrl` is then set from the port it
 * logged (PORT=0: the system picks a free one, so two processes never race for a port).
 */
export async function startServerProcess(options: { env: Record<string, string>; entry?: 'server' | 'cluster'; timeoutMs?: number }): Promise<ServerProcess> {
  const server = spawnServer(options);
  try {
    await waitUntilReady(server, options.timeoutMs ?? 90_000);
  } catch (err) {
    await server.kill9();
    throw err;
  }
  return server;
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const listening = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/;
  await server.waitForOutput(listening, timeoutMs);
  server.baseUrl = `http://127.0.0.1:${listening.exec(server.output())![1]}`;
  for (;;) {
    const ready = await fetch(`${server.baseUrl}/api/health/ready`).then((r) => r.ok, () => false);
    if (ready) return;
    if (server.hasExited()) throw new Error(`server exited:\n${server.output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output().slice(-4000)}`);
    await sleep(100);
  }
}
