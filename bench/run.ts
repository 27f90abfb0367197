/**
 * npm run bench: does the portal stay fast as history piles up? The same workload runs against a small
 * database (one month of sessions) and a large one (two years of sessions and bookings), in one run, on
 * the same machine, and the report gives the large/small ratio of each latency. With the right indexes
 * the ratios stay near 1; a missing index shows up as a ratio that grows with the data.
 * Uses PGlite in memory, or PostgreSQL when DATABASE_URL is set. Not a test: it only reports.
 */
import { addDays, addMinutes } from 'date-fns';
import { startOfTorontoWeek, torontoTime } from '../src/shared/rules/week';
import { bookingChildren, bookings, children, classTypes, sessions, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/auth/password';
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
