import { defineConfig } from 'vitest/config';

// Two projects: "unit" (pure rules, web helpers and build scripts) and "integration" (the server through real HTTP,
// on PGlite by default or on PostgreSQL when DATABASE_URL is set: each test file gets a fresh database).
const zone = (process.env.TZ || 'local').replaceAll('/', '-');

export default defineConfig({
  test: {
    // Each run also leaves a JSON report in reports/ (CI adds them up into one closing line), and how long
    // every file took, all in, in reports/timings/ (scripts/slowest-tests.mjs prints the slowest ones).
    reporters: [
      'default',
      'json',
      ['./scripts/vitest-file-times.ts', { outputFile: `reports/timings/vitest-${zone}-${Date.now()}-${process.pid}.json` }],
    ],
    outputFile: { json: `reports/vitest-${zone}-${Date.now()}-${process.pid}.json` },
    // Two workers on the 2-core CI machine (vitest's default there is one): much of an integration file's
    // time is spent waiting (timers, the SMTP sink, argon2 in the thread pool, a child server process).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server (several processes on one database, pg_dump): they run in
          // the PostgreSQL pass (DATABASE_URL set), and are not part of a laptop's embedded run at all.
          exclude: process.env.DATABASE_URL ? [] : ['src/server/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The workers keep the imported modules between files (no isolation): each file still builds its own
          // app on its own database, and the server's modules hold no state beyond constant caches.
          isolate: false,
          // The migrations run once per run; each file's fresh database is a copy of that one.
          globalSetup: ['src/server/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
