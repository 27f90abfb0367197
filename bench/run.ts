/**
 * npm run bench: does the portal stay fast as history piles up? The same workload runs against a small
 * database (one month of sessions) and a large one (two years of sessions and bookings), in one run, on
 * the same machine, and the report gives the large/small ratio of each latency. With the right indexes
 * the ratios stay near 1; a missing index shows up as a ratio that grows with the data.
 * Uses PGlite in memory, or PostgreSQL when DATABASE_URL is set. Not a test: it only reports.
 * The CSV import scenario uploads generated files of 500 and 5,000 families through HTTP (and the 5,000
 * again) to a fresh database, and reports the per-row time ratio: near 1 means the import is batched.
 */
import { addDays, addMinutes } from 'date-fns';
import { startOfTorontoWeek, torontoTime } from '../src/shared/rules/week';
import { bookingChildren, bookings, children, classTypes, sessions, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/auth/password';
import { SESSION_COOKIE } from '../src/server/services/auth/session-token';
import { ApiClient, startTestServer, type TestServer } from '../src/server/test-support/test-server';

const NOW = torontoTime(2026, 11, 18, 12, 0);
const SESSIONS_PER_DAY = 8;
const READS = 150;
const WRITES = 60;

interface Scale {
  name: string;
  daysBefore: number;
  daysAfter: number;
}
const SCALES: Scale[] = [
  { name: 'small (1 month)', daysBefore: 14, daysAfter: 14 },
  { name: 'large (2 years)', daysBefore: 700, daysAfter: 30 },
];

async function fill(server: TestServer, scale: Scale) {
  const db = server.database.db;
  const [type] = await db.insert(classTypes).values({ code: 'BENCH', name: 'Bench Class' }).returning();
  const first = addDays(startOfTorontoWeek(NOW), -scale.daysBefore);
  const rows: Array<typeof sessions.$inferInsert> = [];
  for (let day = 0; day < scale.daysBefore + scale.daysAfter; day++) {
    const d = addDays(first, day);
    for (let i = 0; i < SESSIONS_PER_DAY; i++) {
      const startsAt = torontoTime(d.getFullYear(), d.getMonth() + 1, d.getDate(), 8 + i, 0);
      rows.push({ classTypeId: type!.id, startsAt, endsAt: addMinutes(startsAt, 60), capacity: 100, location: 'Main Gym' });
    }
  }
  const inserted: Array<{ id: string; startsAt: Date }> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    inserted.push(...(await db.insert(sessions).values(rows.slice(i, i + 1000)).returning({ id: sessions.id, startsAt: sessions.startsAt })));
  }
  // History: 40 families whose children attended three sessions a day, every past day.
  const passwordHash = await hashPassword('bench-pass');
  const families = await db
    .insert(users)
    .values(Array.from({ length: 40 }, (_, i) => ({ email: `history${i}@bench.test`, firstName: 'H', lastName: `${i}`, passwordHash })))
    .returning({ id: users.id });
  const kids = await db
    .insert(children)
    .values(families.map((f) => ({ userId: f.id, name: 'Kid', position: 1, weeklyLimit: 7 })))
    .returning({ id: children.id, userId: children.userId });
  const past = inserted.filter((s) => s.startsAt < NOW);
  const bookingRows: Array<typeof bookings.$inferInsert & { childId: string }> = [];
  past.forEach((s, i) => {
    if (i % 3 !== 0) return;
    const kid = kids[i % kids.length]!;
    bookingRows.push({ userId: kid.userId, sessionId: s.id, childId: kid.id });
  });
  for (let i = 0; i < bookingRows.length; i += 1000) {
    const chunk = bookingRows.slice(i, i + 1000);
    const made = await db
      .insert(bookings)
      .values(chunk.map(({ userId, sessionId }) => ({ userId, sessionId })))
      .returning({ id: bookings.id });
    await db.insert(bookingChildren).values(made.map((b, j) => ({ bookingId: b.id, childId: chunk[j]!.childId, childName: 'Kid' })));
  }
  return { sessions: inserted.length, bookings: bookingRows.length, window: inserted.filter((s) => s.startsAt > NOW && s.startsAt < addDays(NOW, 10)) };
}

async function time(fn: () => Promise<unknown>, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function measure(scale: Scale) {
  const server = await startTestServer({ seed: false, clock: () => NOW });
  try {
    const data = await fill(server, scale);
    const parents = await Promise.all(
      Array.from({ length: WRITES }, async (_, i) => {
        const [u] = await server.database.db
          .insert(users)
          .values({ email: `bench${i}@bench.test`, firstName: 'B', lastName: `${i}`, passwordHash: await hashPassword('bench-pass') })
          .returning({ id: users.id });
        await server.database.db.insert(children).values({ userId: u!.id, name: 'Runner', position: 1, weeklyLimit: 7 });
        const api = new ApiClient(server.baseUrl);
        await api.login(`bench${i}@bench.test`, 'bench-pass');
        return api;
      }),
    );
    const from = startOfTorontoWeek(NOW).toISOString();
    const to = addDays(startOfTorontoWeek(NOW), 14).toISOString();
    const reader = parents[0]!;
    await time(() => reader.get(`/api/sessions?from=${from}&to=${to}&limit=1000`), 10); // warm-up
    const reads = await time(async () => {
      const res = await reader.get(`/api/sessions?from=${from}&to=${to}&limit=1000`);
      if (res.status !== 200 || res.body.sessions.length !== 14 * SESSIONS_PER_DAY) throw new Error(`calendar read failed: ${res.status}`);
    }, READS);
    let next = 0;
    const writes = await time(async () => {
      const i = next++;
      const res = await parents[i]!.post('/api/bookings', { sessionId: data.window[i % data.window.length]!.id, childNames: ['Runner'] });
      if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
    }, WRITES);
    const mine = await time(() => reader.get('/api/me/bookings'), READS);
    return { scale: scale.name, sessions: data.sessions, bookings: data.bookings, reads, writes, mine };
  } finally {
    await server.close();
  }
}

const results = [];
for (const scale of SCALES) results.push(await measure(scale));
const [small, large] = results as [Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>];

console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; times in ms over HTTP on loopback\n`);
console.log('scale              sessions  bookings   calendar p50/p95   book p50/p95   my bookings p50/p95');
for (const r of results) {
  console.log(
    `${r.scale.padEnd(18)} ${String(r.sessions).padStart(8)}  ${String(r.bookings).padStart(8)}   ${pct(r.reads, 50).toFixed(2).padStart(7)} / ${pct(r.reads, 95).toFixed(2).padStart(6)}   ${pct(r.writes, 50).toFixed(2).padStart(6)} / ${pct(r.writes, 95).toFixed(2).padStart(6)}   ${pct(r.mine, 50).toFixed(2).padStart(6)} / ${pct(r.mine, 95).toFixed(2).padStart(6)}`,
  );
}
const ratio = (key: 'reads' | 'writes' | 'mine') => (pct(large[key], 50) / pct(small[key], 50)).toFixed(2);
console.log(`\nlarge/small data ratio: ${(large.sessions / small.sessions).toFixed(1)}x sessions`);
console.log(`large/small median latency ratio: calendar ${ratio('reads')}, booking ${ratio('writes')}, my bookings ${ratio('mine')}`);

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
