/**
 * Where a run's time goes, measured beside it: CPU time per process from /proc (the portal's process with all its
 * threads, the PostgreSQL backends connected to the bench's database, the bench process itself), and with
 * `--probe` what those backends were doing, sampled from pg_stat_activity every few milliseconds (running, idle,
 * waiting for a row lock held by another group, for the WAL flush of a commit…). Linux only; elsewhere the CPU
 * figures are left out.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { round } from './util';

const TICKS_PER_SECOND = 100;
/** The probes' own connections, left out of what they measure. */
const PROBE_APPLICATION = 'nb-bench-probe';

/** utime + stime of a process (all its threads), in ms; null when it is gone or /proc is not there. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** ms of CPU per unit (a booking) for each part. */
  server: number | null;
  postgres: number | null;
  loadGenerator: number;
  /** Wall seconds between the snapshots. */
  seconds: number;
}

interface Snapshot {
  at: number;
  server: number | null;
  backends: Map<number, number>;
  self: number;
}

/** Snapshots of CPU time: the portal (`serverPid`) and the backends of `databaseName` (PostgreSQL only). */
export class CpuProbe {
  private client: pg.Client | null = null;

  constructor(
    private readonly serverPid: number,
    private readonly url: string | undefined,
  ) {}

  async snapshot(): Promise<Snapshot> {
    const backends = new Map<number, number>();
    if (this.url) {
      if (!this.client) {
        this.client = new pg.Client({ connectionString: this.url, application_name: PROBE_APPLICATION });
        await this.client.connect();
      }
      const { rows } = await this.client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name <> '${PROBE_APPLICATION}'`,
      );
      for (const { pid } of rows) {
        const ms = cpuMs(pid);
        if (ms !== null) backends.set(pid, ms);
      }
    }
    const self = process.cpuUsage();
    return { at: performance.now(), server: cpuMs(this.serverPid), backends, self: (self.user + self.system) / 1000 };
  }

  /** CPU per unit between two snapshots (backends present in both; a pooled connection lives through a run). */
  static split(from: Snapshot, to: Snapshot, units: number): CpuSplit {
    let postgres = 0;
    let seen = 0;
    for (const [pid, ms] of to.backends) {
      const before = from.backends.get(pid);
      if (before !== undefined) {
        postgres += ms - before;
        seen++;
      }
    }
    const per = (ms: number) => round(ms / Math.max(1, units), 3);
    return {
      server: from.server !== null && to.server !== null ? per(to.server - from.server) : null,
      postgres: seen ? per(postgres) : null,
      loadGenerator: per(to.self - from.self),
      seconds: round((to.at - from.at) / 1000, 2),
    };
  }

  async close(): Promise<void> {
    await this.client?.end();
    this.client = null;
  }
}

export interface WaitSample {
  samples: number;
  /** Share of the sampled backend-moments per state: 'active (CPU)', 'Lock/transactionid', 'IO/WALSync', 'idle in transaction'… */
  shares: Record<string, number>;
  /** Average backends busy (not idle) at a sample. */
  busyBackends: number;
}

/** Samples pg_stat_activity of the bench's database every `intervalMs` until stopped (`--probe`). */
export function sampleWaits(url: string, intervalMs = 10): { stop(): Promise<WaitSample> } {
  // The sampler's own backend is left out of the samples and of CpuProbe's backends (application_name).
  const client = new pg.Client({ connectionString: url, application_name: PROBE_APPLICATION });
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ state: string | null; wait: string | null; n: number }>(
        `select state, wait_event_type || '/' || wait_event as wait, count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
           and application_name <> '${PROBE_APPLICATION}' group by 1, 2`,
      );
      samples++;
      for (const row of rows) {
        const key = row.state === 'active' ? (row.wait ? `active, waiting ${row.wait}` : 'active (CPU)') : row.wait && row.state !== 'idle' ? `${row.state}, ${row.wait}` : (row.state ?? 'unknown');
        counts.set(key, (counts.get(key) ?? 0) + row.n);
        if (row.state !== 'idle') busy += row.n;
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1;
      const shares = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => [key, round(n / total, 3)]));
      return { samples, shares, busyBackends: round(busy / Math.max(1, samples), 2) };
    },
  };
}

/**
 * `--probe`: PostgreSQL counts the time of every PL/pgSQL function (track_functions = 'pl', for the bench's database
 * only; set before the server connects). `functionTimes` then reads them, with the tables' scans and updates.
 */
export async function trackFunctions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: PROBE_APPLICATION });
  await client.connect();
  try {
    await client.query(`alter database "${new URL(url).pathname.slice(1)}" set track_functions = 'pl'`);
    await client.query('select pg_stat_reset()');
  } finally {
    await client.end();
  }
}

export interface FunctionTimes {
  /** Per function: calls, self time and total time (ms), per unit (a booking). */
  functions: Array<{ name: string; calls: number; selfMs: number; totalMs: number }>;
  tables: Array<{ name: string; seqScans: number; seqRows: number; idxScans: number; updates: number; hotUpdates: number; inserts: number }>;
}

/** What track_functions counted since trackFunctions (read once the server has closed its connections: all flushed). */
export async function functionTimes(url: string, units: number): Promise<FunctionTimes> {
  const client = new pg.Client({ connectionString: url, application_name: PROBE_APPLICATION });
  await client.connect();
  try {
    const per = (value: number) => round(value / Math.max(1, units), 4);
    const { rows: functions } = await client.query<{ name: string; calls: string; self: number; total: number }>(
      'select funcname as name, calls, self_time as self, total_time as total from pg_stat_user_functions order by self_time desc limit 20',
    );
    const { rows: tables } = await client.query<{ name: string; seq: string; seqrows: string; idx: string | null; upd: string; hot: string; ins: string }>(
      `select relname as name, seq_scan as seq, seq_tup_read as seqrows, idx_scan as idx, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_ins as ins
       from pg_stat_user_tables where seq_scan + coalesce(idx_scan, 0) + n_tup_upd + n_tup_ins > 0 order by seq_tup_read desc, idx_scan desc limit 12`,
    );
    return {
      functions: functions.map((f) => ({ name: f.name, calls: per(Number(f.calls)), selfMs: per(f.self), totalMs: per(f.total) })),
      tables: tables.map((t) => ({
        name: t.name,
        seqScans: per(Number(t.seq)),
        seqRows: per(Number(t.seqrows)),
        idxScans: per(Number(t.idx ?? 0)),
        updates: per(Number(t.upd)),
        hotUpdates: per(Number(t.hot)),
        inserts: per(Number(t.ins)),
      })),
    };
  } finally {
    await client.end();
  }
}
