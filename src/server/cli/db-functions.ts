import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  canonical,
  compareFunctions,
  databaseFunctions,
  describeDifferences,
  functionsFolder,
  functionsFolderName,
  hasDifferences,
  migratedPglite,
  newestDefinitionComments,
  planFunctionMigration,
  readFunctionFiles,
  stubSupersededDefinitions,
  writeFunctionMigration,
} from '../db/function-sources';

const usage = `npm run db:functions [-- --name <slug> | --check | --pull | --stub-superseded]

  (no option)        migrate a fresh in-memory database, and write a migration that brings every function to its file
                     in ${functionsFolderName} (CREATE OR REPLACE for a changed or new file, DROP for a deleted one);
                     --name names it (default: functions)
  --check            exit 1 when a file and the migrated database differ (run by npm run lint)
  --pull             write the files from the migrated database (after merging a migration written by hand)
  --stub-superseded  replace each definition in an old migration that a later one redefines by a stub (decision 023)`;

async function check(): Promise<boolean> {
  const database = await migratedPglite();
  try {
    const files = readFunctionFiles();
    const functions = await databaseFunctions(database.query);
    const differences = compareFunctions(files, functions);
    if (hasDifferences(differences)) {
      console.error(`${describeDifferences(differences, files, functions)}\n\nRun \`npm run db:functions\` to write the migration (decision 023).`);
      return false;
    }
    console.log(`db functions: ${files.size} files in ${functionsFolderName} equal the migrated database`);
    return true;
  } finally {
    await database.close();
  }
}

async function pull(): Promise<void> {
  const database = await migratedPglite();
  try {
    const functions = await databaseFunctions(database.query);
    const files = readFunctionFiles();
    const comments = newestDefinitionComments();
    mkdirSync(functionsFolder, { recursive: true });
    let written = 0;
    for (const [name, fn] of functions) {
      const file = files.get(name);
      const text = (file ? file.comment : (comments.get(name) ?? '')) + canonical(fn.definition);
      if (file && file.comment + file.definition === text) continue;
      writeFileSync(path.join(functionsFolder, `${name}.sql`), text);
      written += 1;
      console.log(`wrote ${functionsFolderName}/${name}.sql`);
    }
    for (const [name, file] of files) {
      if (functions.has(name)) continue;
      rmSync(file.file);
      console.log(`removed ${functionsFolderName}/${name}.sql (no such function in the migrated database)`);
    }
    console.log(`db functions: ${written} of ${functions.size} files written`);
  } finally {
    await database.close();
  }
}

async function generate(name: string): Promise<boolean> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`--name: lower-case letters, digits and _ only (${name})`);
  const database = await migratedPglite();
  let tag: string;
  try {
    const files = readFunctionFiles();
    const { statements, normalised } = await planFunctionMigration(database, files);
    for (const fn of normalised) console.log(`${functionsFolderName}/${fn}.sql: rewritten as PostgreSQL prints it (the body is yours)`);
    if (statements.length === 0) {
      console.log(`db functions: the ${files.size} files equal the migrated database; no migration needed`);
      return true;
    }
    tag = writeFunctionMigration(statements, name);
    console.log(`wrote src/server/db/migrations/${tag}.sql (${statements.length} statements), its journal entry and snapshot`);
  } finally {
    await database.close();
  }
  // The proof: a fresh database migrated with the new migration equals the files.
  return check();
}

const args = process.argv.slice(2);
const option = args.find((arg) => arg.startsWith('--') && arg !== '--name');
let ok = true;
if (args.includes('--help')) console.log(usage);
else if (option === '--check') ok = await check();
else if (option === '--pull') await pull();
else if (option === '--stub-superseded') {
  for (const decision of stubSupersededDefinitions()) {
    console.log(
      decision.stub
        ? `stubbed ${decision.name} in ${decision.tag} (superseded by ${decision.supersededBy})`
        : `kept ${decision.name} in ${decision.tag}: ${decision.reason}`,
    );
  }
  ok = await check();
} else if (option === undefined) {
  const nameAt = args.indexOf('--name');
  ok = await generate(nameAt >= 0 ? (args[nameAt + 1] ?? '') : 'functions');
} else {
  console.error(usage);
  ok = false;
}
process.exit(ok ? 0 : 1);
