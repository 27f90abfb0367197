import { eq, sql } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../services/auth/session-token';
import { readBody } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 29, item 9: a CSV import is bounded (rows per file, rows with a password per file), refused at once
// beyond that, and hashing its passwords does not keep the server from answering while it runs.

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });

const MAPPING = { email: 'Email', firstName: 'First Name', lastName: 'Last Name', password: 'Password', firstChildName: 'Child 1' };
const MAX_ROWS = 5000;
const MAX_PASSWORD_ROWS = 500;

/** `count` families; the first `withPassword` rows carry a password of their own. */
function familiesCsv(prefix: string, count: number, withPassword = 0): string {
  const lines = ['Email,First Name,Last Name,Password,Child 1'];
  for (let i = 0; i < count; i++) {
    lines.push(`${prefix}${i}@limits.test,Parent,Family ${i},${i < withPassword ? `Pw-${prefix}-${i}-x` : ''},Kid ${i}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function upload(csv: string, mapping: Record<string, string> = MAPPING) {
  const form = new FormData();
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'families.csv');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
    body: form,
  });
  return { status: response.status, body: await readBody(response), ms: performance.now() - started };
}

async function outboxDrained() {
  const pending = async () =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.status, 'PENDING')))[0]!.n;
  while ((await pending()) > 0) {
    server.app.emailWorker.kick();
    await server.app.emailWorker.idle();
  }
}

const countImported = async (prefix: string) =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} like ${`${prefix}%`}`))[0]!.n;

/** GET /api/health every 20 ms until told to stop; posts back each answer's time in ms (an error if not 200). */
const HEALTH_MONITOR = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  const latencies = [];
  let due = performance.now();
  while (running) {
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('GET /api/health answered ' + res.status);
    latencies.push(performance.now() - due);
    due = Math.max(performance.now(), due + 20);
    await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
  }
  parentPort.postMessage(latencies);
})();
`;

describe('the server while an import runs', () => {
  /**
   * Runs `work` while a monitor asks GET /api/health every 20 ms. The monitor runs in a thread of its own (its
   * own event loop, as a monitor elsewhere would), and each answer's time counts from when its request was due.
   */
  async function healthDuring<T>(work: () => Promise<T>) {
    const monitor = new Worker(HEALTH_MONITOR, { eval: true, workerData: { url: `${server.baseUrl}/api/health` } });
    const answered = new Promise<number[]>((resolve, reject) => {
      monitor.once('message', resolve);
      monitor.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const result = await work().finally(() => monitor.postMessage('stop'));
    const latencies = await answered;
    await monitor.terminate();
    const sorted = [...latencies].sort((a, b) => a - b);
    return { result, samples: sorted.length, p50: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
  }

  it('never holds GET /api/health up while the largest file imports, passwords included', { timeout: 400_000 }, async () => {
    // A file of the most rows allowed: 4,900 families already here (updated: new names, and 100 of them a new
    // password, hashed during the import) and 100 new ones (created, e-mailed a welcome).
    await server.database.db.execute(
      sql`insert into users (email, first_name, last_name) select 'busy' || i || '@limits.test', 'Parent', 'Family ' || i from generate_series(0, 4899) as i`,
    );
    // As autovacuum would after such a load (the search index keeps the new rows in its pending list until then).
    await server.database.db.execute(sql`vacuum users`);
    const file = (round: number) => {
      const lines = ['Email,First Name,Last Name,Password'];
      for (let i = 0; i < MAX_ROWS; i++) {
        const email = i < 4900 ? `busy${i}@limits.test` : `busy-new${round}-${i}@limits.test`;
        lines.push(`${email},Parent,Family ${i} (${round}),${i % 49 === 0 ? `Pw-${round}-${i}-x` : ''}`);
      }
      return `${lines.join('\r\n')}\r\n`;
    };
    const mapping = { email: 'Email', firstName: 'First Name', lastName: 'Last Name', password: 'Password' };
    const runs: Array<{ samples: number; p50: number; max: number; idleMax: number }> = [];
    // The other test files of the run, or another program, can take both cores of the machine for a while, and
    // then even an idle server answers in 50-85 ms (seen in CI): the import gets three chances, and one whole
    // import must keep every answer under 300 ms. An import that blocks the event loop (hashing on every pool
    // thread, a statement of 500 rows on PGlite, thousands of rows checked in one go) never does: 1.2 to 1.6 s
    // before. The 100 ms target itself is measured where nothing else shares the machine, by
    // `npm run bench -- import` (docs/performance.md: max 38-76 ms on a quiet machine).
    const limitMs = 300;
    const deadline = Date.now() + 240_000;
    for (let round = 0; round < 3 && Date.now() < deadline && !runs.some((run) => run.max < limitMs); round++) {
      // The welcome e-mails of the round before have gone out (their sending is not the import).
      await outboxDrained();
      // How the server answers with nothing to do: how busy the machine is right now. A round starts once that
      // is under 40 ms for a second (or after ten tries), and the report shows it.
      let idle = await healthDuring(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      for (let wait = 0; wait < 10 && idle.max >= 40; wait++) idle = await healthDuring(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      const { result: res, ...run } = await healthDuring(() => upload(file(round), mapping));
      expect(res.status).toBe(200);
      expect(res.body.summary).toEqual({ processed: MAX_ROWS, created: 100, updated: 4900, errors: 0 });
      runs.push({ ...run, idleMax: idle.max });
    }
    const report = runs
      .map((run) => `${run.samples} samples, p50 ${run.p50.toFixed(1)} ms, max ${run.max.toFixed(1)} ms (idle before: max ${run.idleMax.toFixed(1)} ms)`)
      .join('; ');
    console.log(`GET /api/health during the imports: ${report}`);
    const best = runs.reduce((a, b) => (a.max <= b.max ? a : b));
    expect(best.max, report).toBeLessThan(limitMs);
    // Asked all along: an import of several seconds, every 20 ms.
    expect(best.samples, report).toBeGreaterThan(50);
  });
});

describe('how large a CSV import may be', () => {
  it(`refuses a file of more than ${MAX_ROWS.toLocaleString('en-CA')} rows at once, before hashing a password, and imports nothing`, async () => {
    const res = await upload(familiesCsv('over', MAX_ROWS + 1, MAX_PASSWORD_ROWS));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The CSV file has more than 5,000 rows. Please split it into smaller files.', code: 'BAD_REQUEST' });
    // Hashing 500 passwords takes several seconds at least; the refusal comes before any.
    expect(res.ms).toBeLessThan(3000);
    expect(await countImported('over')).toBe(0);
  });

  it(`refuses a file with more than ${MAX_PASSWORD_ROWS} passwords at once, and imports nothing`, async () => {
    const res = await upload(familiesCsv('pwover', 1000, MAX_PASSWORD_ROWS + 1));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message:
        'The CSV file has more than 500 rows with a password. Leave the password blank (each new family is emailed a link to set one) or split the file.',
      code: 'BAD_REQUEST',
    });
    expect(res.ms).toBeLessThan(3000);
    expect(await countImported('pwover')).toBe(0);
  });

  it(`imports a file of exactly ${MAX_ROWS.toLocaleString('en-CA')} rows`, { timeout: 180_000 }, async () => {
    const res = await upload(familiesCsv('full', MAX_ROWS, 2));
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ processed: MAX_ROWS, created: MAX_ROWS, updated: 0, errors: 0 });
    expect(await countImported('full')).toBe(MAX_ROWS);
  });
});
