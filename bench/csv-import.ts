/**
 * The CSV import scenario (npm run bench -- import): uploads generated files of 500 and 5,000 families through
 * HTTP (and the 5,000 again) to a fresh database, and reports the per-row time ratio: near 1 means the import
 * is batched. In-process test server (src/server/test-support), PGlite in memory or PostgreSQL with DATABASE_URL.
 * Then the largest file allowed (CSV_MAX_ROWS rows, CSV_MAX_PASSWORD_ROWS of them with a password) against the
 * production bundle running as its own process, on each database, with GET /api/health asked every 20 ms
 * meanwhile: how long the import takes, and how long health answers took (target: max < 100 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSV_MAX_PASSWORD_ROWS, CSV_MAX_ROWS } from '../src/shared/schemas/admin-users';
import { torontoTime } from '../src/shared/rules/week';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/auth/password';
import { SESSION_COOKIE } from '../src/server/services/auth/session-token';
import { ApiClient, startTestServer } from '../src/server/test-support/test-server';
import { createBenchDatabase, seedDemo, type DbKind } from './lib/databases';
import { ensureBuild, startPortal } from './lib/processes';
import { percentile, sleep, type BenchOptions } from './lib/util';

const NOW = torontoTime(2026, 11, 18, 12, 0);

// CSV import: new families, most without a password (a welcome e-mail and link each), one in 100 with one.
// argon2id is deliberately slow, so the last file (every row with a password) shows what hashing costs.
const IMPORT_SIZES = [500, 5000] as const;
const PASSWORD_EVERY = 100;

function familiesCsv(count: number, prefix: string, passwordEvery = PASSWORD_EVERY, passwords = Infinity): string {
  const lines = ['Email,First Name,Last Name,Password,Plan,Weekly Sessions,Child 1,Child 1 Limit,Child 2,Child 2 Limit'];
  for (let i = 0; i < count; i++) {
    const password = i % passwordEvery === 0 && i / passwordEvery < passwords ? `bench-pass-${i}` : '';
    const sibling = i % 2 ? `"Sib, ${i}",2` : ',';
    lines.push(`${prefix}${i}@import.bench,Parent,"Family, ${i}",${password},${['ONE', 'two', 'THREE'][i % 3]},${1 + (i % 7)},Kid ${i},${1 + (i % 7)},${sibling}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const IMPORT_MAPPING = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  password: 'Password',
  planTier: 'Plan',
  weeklyLimit: 'Weekly Sessions',
  firstChildName: 'Child 1',
  firstChildWeeklyLimit: 'Child 1 Limit',
  secondChildName: 'Child 2',
  secondChildWeeklyLimit: 'Child 2 Limit',
};

async function measureCsvImport() {
  const server = await startTestServer({ seed: false, clock: () => NOW });
  try {
    await server.database.db
      .insert(users)
      .values({ email: 'office@bench.test', firstName: 'O', lastName: 'Office', role: 'ADMIN', passwordHash: await hashPassword('bench-pass') });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('office@bench.test', 'bench-pass');
    const importFile = async (csv: string, rows: number) => {
      const form = new FormData();
      form.append('columnMapping', JSON.stringify(IMPORT_MAPPING));
      form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'families.csv');
      const start = performance.now();
      const res = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
        body: form,
      });
      const body = (await res.json()) as { summary: { processed: number; created: number; updated: number; errors: number } };
      const ms = performance.now() - start;
      if (res.status !== 200 || body.summary.processed !== rows || body.summary.errors !== 0) {
        throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      }
      return { rows, ms, bytes: csv.length, ...body.summary };
    };
    await importFile(familiesCsv(50, 'warm'), 50); // warm-up
    const files = IMPORT_SIZES.map((rows) => ({ rows, csv: familiesCsv(rows, `f${rows}-`) }));
    const runs = [];
    for (const file of files) runs.push({ name: `new ${file.rows}`, ...(await importFile(file.csv, file.rows)) });
    const last = files[files.length - 1]!;
    runs.push({ name: `again ${last.rows}`, ...(await importFile(last.csv, last.rows)) });
    // What argon2id costs: 500 new families that all have a password.
    runs.push({ name: 'passwords 500', ...(await importFile(familiesCsv(500, 'pw-', 1), 500)) });
    return runs;
  } finally {
    await server.close();
  }
}

interface LargestImport {
  database: DbKind;
  rows: number;
  passwords: number;
  bytes: number;
  ms: number;
  health: { samples: number; p50: number; p99: number; max: number; over100: number };
}

/**
 * The largest file allowed, against the production bundle (its own process, as `npm start` runs it) on a fresh
 * database with the demo data: one admin upload while GET /api/health is asked every 20 ms (one at a time, on a
 * keep-alive connection), from the upload's start until its answer.
 */
async function measureLargestImport(kind: DbKind, folder: string, pgUrl: string | undefined): Promise<LargestImport> {
  const db = await createBenchDatabase(kind, folder, `import_${Date.now()}_${kind}`, pgUrl);
  try {
    const open = await db.open();
    const { admin } = await seedDemo(open, new Date());
    await open.close();
    const server = await startPortal({ dataDir: db.dataDir, databaseUrl: db.url, logFile: path.join(folder, `server-import-${kind}.log`) });
    try {
      // One row in ten has a password: CSV_MAX_PASSWORD_ROWS of the CSV_MAX_ROWS.
      const csv = familiesCsv(CSV_MAX_ROWS, `largest-${kind}-`, CSV_MAX_ROWS / CSV_MAX_PASSWORD_ROWS, CSV_MAX_PASSWORD_ROWS);
      const form = new FormData();
      form.append('columnMapping', JSON.stringify(IMPORT_MAPPING));
      form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'families.csv');
      await fetch(`${server.baseUrl}/api/health`).then((res) => res.arrayBuffer());
      const latencies: number[] = [];
      let importing = true;
      const sampler = (async () => {
        while (importing) {
          const started = performance.now();
          const res = await fetch(`${server.baseUrl}/api/health`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status} during the import`);
          const ms = performance.now() - started;
          latencies.push(ms);
          await sleep(Math.max(0, 20 - ms));
        }
      })();
      const start = performance.now();
      const res = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, { method: 'POST', headers: { cookie: admin.cookie }, body: form });
      const body = (await res.json()) as { summary?: { processed: number; created: number; errors: number } };
      const ms = performance.now() - start;
      importing = false;
      await sampler;
      if (res.status !== 200 || body.summary?.created !== CSV_MAX_ROWS) throw new Error(`largest import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return {
        database: kind,
        rows: CSV_MAX_ROWS,
        passwords: CSV_MAX_PASSWORD_ROWS,
        bytes: csv.length,
        ms,
        health: {
          samples: latencies.length,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: Math.max(...latencies),
          over100: latencies.filter((latency) => latency >= 100).length,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

export async function csvImport(options: BenchOptions): Promise<number> {
  const imports = await measureCsvImport();
  console.log(`\nCSV import over HTTP (one transaction per file; 1 row in ${PASSWORD_EVERY} has a password, the others get a welcome link)`);
  console.log('file            rows     size    created  updated   total ms   per row ms');
  for (const r of imports) {
    console.log(
      `${r.name.padEnd(14)} ${String(r.rows).padStart(5)}  ${`${(r.bytes / 1024).toFixed(0)} kB`.padStart(7)}   ${String(r.created).padStart(7)}  ${String(r.updated).padStart(7)}   ${r.ms.toFixed(0).padStart(8)}   ${(r.ms / r.rows).toFixed(3).padStart(10)}`,
    );
  }
  const [smallImport, largeImport] = imports as [(typeof imports)[number], (typeof imports)[number]];
  console.log(`large/small per-row import time ratio: ${(largeImport.ms / largeImport.rows / (smallImport.ms / smallImport.rows)).toFixed(2)}`);

  ensureBuild(options.build);
  const folder = mkdtempSync(path.join(tmpdir(), 'nb-bench-import-'));
  console.log(
    `\nThe largest file allowed (${CSV_MAX_ROWS.toLocaleString('en-CA')} rows, ${CSV_MAX_PASSWORD_ROWS} with a password) against the production server, GET /api/health every 20 ms meanwhile (target: max < 100 ms)`,
  );
  console.log('database    size    import s   health samples   p50 ms   p99 ms   max ms   ≥100 ms');
  for (const kind of options.databases) {
    const r = await measureLargestImport(kind, folder, options.pgUrl);
    console.log(
      `${kind.padEnd(10)} ${`${(r.bytes / 1024).toFixed(0)} kB`.padStart(6)}   ${(r.ms / 1000).toFixed(1).padStart(8)}   ${String(r.health.samples).padStart(14)}   ${r.health.p50.toFixed(1).padStart(6)}   ${r.health.p99.toFixed(1).padStart(6)}   ${r.health.max.toFixed(1).padStart(6)}   ${String(r.health.over100).padStart(7)}`,
    );
  }
  if (!options.keep) rmSync(folder, { recursive: true, force: true });
  else console.log(`Server logs kept in ${folder}`);
  return 0;
}
