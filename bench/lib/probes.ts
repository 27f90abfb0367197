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
        this.client = new pg.Client({ connectionString: this.url });
        await this.client.connect();
      }
      const { rows } = await this.client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
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
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ state: string | null; wait: string | null; n: number }>(
        `select state, wait_event_type || '/' || wait_event as wait, count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1, 2`,
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
