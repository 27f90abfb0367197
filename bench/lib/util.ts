/** Small helpers of the benchmark: command-line flags, HTTP requests over keep-alive sockets, percentiles. */
import http from 'node:http';

export interface BenchOptions {
  /** Seconds per autocannon run. */
  duration: number;
  connections: number;
  quick: boolean;
  /** Which databases to measure (PostgreSQL only with a server address). */
  databases: Array<'postgres' | 'pglite'>;
  /** Run the CSV import scenario instead of the speed-and-scale run. */
  csvImport: boolean;
  pgUrl: string | undefined;
  build: boolean;
  /** Share of the large data set (1 = 100k sessions, 10k families, 200k bookings). */
  scale: number;
  /** Also load the large data set into PGlite. */
  pgliteScale: boolean;
  /** Sequential requests per route in the latency (scale) comparison. */
  samples: number;
  /** Keep the temp folder (server logs, e-mail outbox) after a successful run too. */
  keep: boolean;
  /** Which scenarios of the speed-and-scale run (default: all). */
  scenarios: Array<'reads' | 'bookings' | 'week-rush' | 'scale'>;
  /** Run the booking server under node --cpu-prof and print where its CPU went (keeps the temp folder). */
  cpuProf: boolean;
  /** Timed rounds of the week rush (each: its own 300 families and 40 sessions, the same shape). */
  rounds: number;
  /** Sample what PostgreSQL's backends wait on during the timed booking runs (pg_stat_activity, lib/probes.ts). */
  probe: boolean;
}

export function parseOptions(argv: string[]): BenchOptions {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (match) flags.set(match[1]!, match[2] ?? 'true');
    else positional.push(arg);
  }
  const known = ['duration', 'connections', 'quick', 'only', 'pg-url', 'no-build', 'scale', 'no-pglite-scale', 'samples', 'keep', 'scenario', 'rounds', 'probe', 'cpu-prof', 'help'];
  for (const name of flags.keys()) if (!known.includes(name)) throw new Error(`unknown flag --${name} (known: ${known.map((k) => `--${k}`).join(', ')})`);
  if (flags.has('help')) {
    console.log(
      'npm run bench -- [--quick] [--duration=8] [--connections=50] [--only=pglite|postgres|import] [--pg-url=postgres://…]\n' +
        '                 [--scale=1] [--samples=200] [--no-pglite-scale] [--no-build] [--keep]\n' +
        '                 [--scenario=reads,bookings,week-rush,scale] [--rounds=3] [--probe] [--cpu-prof]\n' +
        'npm run bench -- import   (the CSV import scenario)',
    );
    process.exit(0);
  }
  const quick = flags.get('quick') === 'true';
  const only = flags.get('only') ?? positional[0];
  const number = (name: string, fallback: number) => {
    const value = flags.has(name) ? Number(flags.get(name)) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  const pgUrl = flags.get('pg-url') ?? process.env.DATABASE_URL ?? undefined;
  if (only && !['pglite', 'postgres', 'import'].includes(only)) throw new Error(`--only must be pglite, postgres or import (got ${only})`);
  let databases: BenchOptions['databases'] = only === 'pglite' ? ['pglite'] : only === 'postgres' ? ['postgres'] : ['postgres', 'pglite'];
  if (!pgUrl) {
    if (only === 'postgres') throw new Error('--only=postgres needs DATABASE_URL or --pg-url=postgres://… (a server where a throwaway database can be created)');
    databases = databases.filter((kind) => kind !== 'postgres');
  }
  const allScenarios = ['reads', 'bookings', 'week-rush', 'scale'] as const;
  const scenarios = (flags.get('scenario') ?? allScenarios.join(',')).split(',').map((name) => name.trim());
  for (const name of scenarios) if (!(allScenarios as readonly string[]).includes(name)) throw new Error(`--scenario takes ${allScenarios.join(', ')} (got ${name})`);
  return {
    scenarios: scenarios as BenchOptions['scenarios'],
    cpuProf: flags.has('cpu-prof'),
    rounds: Math.round(number('rounds', quick ? 1 : 3)),
    probe: flags.has('probe'),
    duration: number('duration', quick ? 2 : 8),
    connections: Math.round(number('connections', 50)),
    quick,
    databases,
    csvImport: only === 'import',
    pgUrl,
    build: !flags.has('no-build'),
    scale: number('scale', quick ? 0.1 : 1),
    pgliteScale: !flags.has('no-pglite-scale'),
    samples: Math.round(number('samples', quick ? 100 : 200)),
    keep: flags.has('keep'),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HttpAnswer {
  status: number;
  text: string;
  ms: number;
}

/** One request on a keep-alive agent; resolves with the status, the body text and the time taken. */
export function send(
  agent: http.Agent,
  baseUrl: string,
  options: { method?: string; path: string; cookie?: string; json?: unknown; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  const url = new URL(options.path, baseUrl);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The p-th percentile (0..100) of samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))]!;
}

export const round = (value: number, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** A message from an error body ({ message }) or the raw text. */
export function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
