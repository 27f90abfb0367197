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
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Pure functions: the workers keep the modules they imported between files (15 of the run's 18 s were
          // imports when each file loaded them again).
          isolate: false,
        },
      },
      {
        // The screens' rules below the browser: React components rendered in jsdom with their real data layer,
        // driven with Testing Library's user-event, the API answered by msw (src/web/test-support). The journeys a
        // person makes end to end and what needs a real browser stay in Playwright (e2e/).
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-support/setup.ts'],
          // The document's origin: the components' fetch('/api/…') calls resolve against it, as on the real origin.
          environmentOptions: { jsdom: { url: 'http://portal.test/' } },
          // A dialog driven click by click in jsdom takes a few seconds on a shared 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server (several processes on one database, pg_dump): they run in
          // the PostgreSQL pass (DATABASE_URL set), and are not part of a laptop's embedded run at all.
          // *.pglite.test.ts are about the embedded database itself (its data folder, a kill -9, a full disk) and
          // open PGlite whatever DATABASE_URL says: they run in the embedded pass only, not a second time.
          exclude: process.env.DATABASE_URL ? ['src/server/**/*.pglite.test.ts'] : ['src/server/**/*.pg.test.ts'],
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
