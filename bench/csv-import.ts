/**
 * The CSV import scenario (npm run bench -- import): uploads generated files of 500 and 5,000 families through
 * HTTP (and the 5,000 again) to a fresh database, and reports the per-row time ratio: near 1 means the import
 * is batched. In-process test server (src/server/test-support), PGlite in memory or PostgreSQL with DATABASE_URL.
 */
import { torontoTime } from '../src/shared/rules/week';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/auth/password';
import { SESSION_COOKIE } from '../src/server/services/auth/session-token';
import { ApiClient, startTestServer } from '../src/server/test-support/test-server';

const NOW = torontoTime(2026, 11, 18, 12, 0);

// CSV import: new families, most without a password (a welcome e-mail and link each), one in 100 with one.
// argon2id is deliberately slow, so the last file (every row with a password) shows what hashing costs.
const IMPORT_SIZES = [500, 5000] as const;
const PASSWORD_EVERY = 100;

function familiesCsv(count: number, prefix: string, passwordEvery = PASSWORD_EVERY): string {
  const lines = ['Email,First Name,Last Name,Password,Plan,Weekly Sessions,Child 1,Child 1 Limit,Child 2,Child 2 Limit'];
  for (let i = 0; i < count; i++) {
    const password = i % passwordEvery === 0 ? `bench-pass-${i}` : '';
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

export async function csvImport(): Promise<number> {
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
  return 0;
}
