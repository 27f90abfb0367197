import { defineConfig } from 'vitest/config';

// Two projects: "unit" (pure rules and web helpers) and "integration" (the server through real HTTP,
// on PGlite by default or on PostgreSQL when DATABASE_URL is set: each test file gets a fresh database).
const zone = (process.env.TZ || 'local').replaceAll('/', '-');

export default defineConfig({
  test: {
    // Each run also leaves a JSON report in reports/ (CI adds them up into one closing line).
    reporters: ['default', 'json'],
    outputFile: { json: `reports/vitest-${zone}-${Date.now()}-${process.pid}.json` },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
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
        },
      },
    ],
  },
});
