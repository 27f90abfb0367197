// One-off proof (not committed): a database migrated with the ORIGINAL migrations up to N, then the stubbed rest.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { compareFunctions, databaseFunctions, describeDifferences, migrationsCutAt, readFunctionFiles, readJournal, scratchOf } from './src/server/db/function-sources';
const original = process.argv[2]!;
const tags = readJournal().entries.map((e) => e.tag);
const ns = process.argv.slice(3).map(Number);
for (const n of ns) {
  const cut = migrationsCutAt(n);
  for (const tag of tags.slice(0, n)) writeFileSync(path.join(cut.folder, `${tag}.sql`), execFileSync('git', ['show', `${original}:src/server/db/migrations/${tag}.sql`]));
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: cut.folder });
  cut.restore();
  await migrate(drizzle(client), { migrationsFolder: cut.folder });
  const files = readFunctionFiles();
  const fns = await databaseFunctions(scratchOf(client).query);
  const report = describeDifferences(compareFunctions(files, fns), files, fns);
  console.log(`original 0..${n - 1} + stubbed rest: ${report === '' ? 'EQUAL' : 'DIFFERENT\n' + report}`);
  await client.close();
  cut.remove();
}
