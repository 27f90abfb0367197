// The integration suite's PostgreSQL pass, the last step of `npm test` (after the browser tests: run beside them,
// both slowed down by as much as they overlapped, on a 2-core machine they keep busy).
//
// TEST_POSTGRES_URL names an empty database on a PostgreSQL server (CI creates a fresh one: .ci/run). The pass
// applies the app's own migrations and demo data to it (`npm run seed`, as a deployment would), then runs every
// integration file with DATABASE_URL set to it: each file creates and drops a database of its own on that server,
// and the *.pg.test.ts files (two servers on one database, pg_dump, a PostgreSQL of the test's own) run too. The
// machine is put in Tokyo for it: business rules must not depend on the server's time zone.
//
// Without TEST_POSTGRES_URL (a laptop without PostgreSQL) it says so and passes: the embedded pass has run every
// file that does not need a PostgreSQL server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log('PostgreSQL pass not run: set TEST_POSTGRES_URL=postgres://user@host:5432/empty_database to run the integration suite on PostgreSQL too (CI does).');
  process.exit(0);
}

const env = { ...process.env, DATABASE_URL: url };
const run = (args, extra = {}) => spawnSync('npm', args, { stdio: 'inherit', env: { ...env, ...extra } }).status ?? 1;

const seeded = run(['run', 'seed']);
if (seeded !== 0) {
  console.error('PostgreSQL pass: the migrations or the demo data could not be applied to TEST_POSTGRES_URL.');
  process.exit(seeded);
}
// Three workers here (two in the embedded pass): about a fifth of this pass is waiting on the PostgreSQL server,
// child processes and timers, not computing (measured: 138 s with two workers, 128 s with three, on 2 cores).
process.exit(run(['run', 'test:integration', '--', '--maxWorkers=3'], { TZ: 'Asia/Tokyo' }));
