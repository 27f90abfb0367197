import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, projectRoot } from '../paths';
import { codeOnly, definedFunction, droppedFunction, splitStatements, supersededStub } from './sql-text';

/**
 * The database functions' one home (decision 023): src/server/db/functions/<name>.sql holds the current definition
 * of each function, exactly as PostgreSQL prints it (`pg_get_functiondef`) followed by `;`, after an optional block
 * of `--` comment lines. Migrations are generated from the files (`npm run db:functions`), and a test checks that a
 * migrated database's definitions equal them.
 */
export const functionsFolder = path.join(projectRoot, 'src/server/db/functions');
export const functionsFolderName = 'src/server/db/functions';

/** Runs one query (no parameters) and returns its rows. */
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface DatabaseFunction {
  name: string;
  /** `pg_get_functiondef`'s text. */
  definition: string;
  /** The argument types, for a DROP FUNCTION (`pg_get_function_identity_arguments`). */
  identityArguments: string;
}

/** The functions of the public schema that are not an extension's (pg_trgm's), by name. */
export async function databaseFunctions(query: Query): Promise<Map<string, DatabaseFunction>> {
  const rows = await query(`
    select p.proname as name, pg_get_functiondef(p.oid) as definition,
           pg_get_function_identity_arguments(p.oid) as "identityArguments"
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by p.proname, p.oid`);
  const functions = new Map<string, DatabaseFunction>();
  for (const row of rows) {
    const fn = row as unknown as DatabaseFunction;
    if (functions.has(fn.name)) throw new Error(`${fn.name} has several overloads: give each function a name of its own`);
    functions.set(fn.name, fn);
  }
  return functions;
}

/** A function file's definition part for what `pg_get_functiondef` printed: the text, then `;` and a newline. */
export function canonical(definition: string): string {
  return `${definition.trimEnd()};\n`;
}

export interface FunctionFile {
  name: string;
  file: string;
  /** The leading `--` comment lines (and blank lines), kept as they are. */
  comment: string;
  /** The rest: what must equal `canonical(pg_get_functiondef(…))`. */
  definition: string;
}

/** Splits a function file into its leading comment block and its definition. */
export function parseFunctionFile(name: string, file: string, text: string): FunctionFile {
  const lines = text.split('\n');
  let commentLines = 0;
  while (commentLines < lines.length && /^\s*(--.*)?$/.test(lines[commentLines]!)) commentLines += 1;
  const comment = lines.slice(0, commentLines).map((line) => `${line}\n`).join('');
  return { name, file, comment, definition: text.slice(comment.length) };
}

export function readFunctionFiles(folder = functionsFolder): Map<string, FunctionFile> {
  const files = new Map<string, FunctionFile>();
  if (!existsSync(folder)) return files;
  for (const entry of readdirSync(folder).sort()) {
    if (!entry.endsWith('.sql')) continue;
    const name = entry.slice(0, -'.sql'.length);
    const file = path.join(folder, entry);
    files.set(name, parseFunctionFile(name, file, readFileSync(file, 'utf8')));
  }
  return files;
}

export interface Differences {
  /** A file whose definition differs from the database's. */
  changed: string[];
  /** A file without a function of that name in the database. */
  notInDatabase: string[];
  /** A function of the database without a file. */
  withoutFile: string[];
}

export function compareFunctions(files: Map<string, FunctionFile>, functions: Map<string, DatabaseFunction>): Differences {
  const changed: string[] = [];
  const notInDatabase: string[] = [];
  for (const [name, file] of files) {
    const fn = functions.get(name);
    if (!fn) notInDatabase.push(name);
    else if (file.definition !== canonical(fn.definition)) changed.push(name);
  }
  const withoutFile = [...functions.keys()].filter((name) => !files.has(name));
  return { changed, notInDatabase, withoutFile };
}

export function hasDifferences(differences: Differences): boolean {
  return differences.changed.length + differences.notInDatabase.length + differences.withoutFile.length > 0;
}

/** The first line where two texts part, for a readable report. */
export function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return `line ${i + 1}:\n    file:     ${a[i] ?? '(end)'}\n    database: ${b[i] ?? '(end)'}`;
  }
  return 'no difference';
}

export function describeDifferences(differences: Differences, files: Map<string, FunctionFile>, functions: Map<string, DatabaseFunction>): string {
  const lines: string[] = [];
  for (const name of differences.changed) {
    lines.push(`${functionsFolderName}/${name}.sql differs from the migrated database, ${firstDifference(files.get(name)!.definition, canonical(functions.get(name)!.definition))}`);
  }
  for (const name of differences.notInDatabase) lines.push(`${functionsFolderName}/${name}.sql: no such function in the migrated database`);
  for (const name of differences.withoutFile) lines.push(`${name}: a function of the migrated database without a file in ${functionsFolderName}`);
  return lines.join('\n');
}

export interface ScratchDatabase {
  query: Query;
  /** Runs SQL that may hold several statements. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh in-memory PGlite (with pg_trgm, as the server's) with the migrations of `folder` applied. */
export async function migratedPglite(folder = migrationsFolder): Promise<ScratchDatabase> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: folder });
  return scratchOf(client);
}

export function scratchOf(client: PGlite): ScratchDatabase {
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

// --- migrations as text ---------------------------------------------------------------------------------------

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

export function readJournal(folder = migrationsFolder): Journal {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A copy of the migrations folder whose journal stops after the first `count` migrations (tests). */
export function migrationsCutAt(count: number, folder = migrationsFolder): { folder: string; restore(): void; remove(): void } {
  const copy = mkdtempSync(path.join(tmpdir(), 'nb-migrations-'));
  cpSync(folder, copy, { recursive: true });
  const journal = readJournal(folder);
  const journalFile = path.join(copy, 'meta', '_journal.json');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }, null, 2));
  return {
    folder: copy,
    restore: () => writeFileSync(journalFile, JSON.stringify(journal, null, 2)),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}

interface MigrationStatement {
  migration: number;
  tag: string;
  text: string;
  start: number;
  end: number;
  defines: string | null;
  drops: string | null;
}

function migrationStatements(folder: string): { statements: MigrationStatement[]; sources: string[]; tags: string[] } {
  const journal = readJournal(folder);
  const statements: MigrationStatement[] = [];
  const sources: string[] = [];
  journal.entries.forEach((entry, migration) => {
    const source = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    sources.push(source);
    for (const statement of splitStatements(source)) {
      statements.push({ migration, tag: entry.tag, ...statement, defines: definedFunction(statement.text), drops: droppedFunction(statement.text) });
    }
  });
  return { statements, sources, tags: journal.entries.map((entry) => entry.tag) };
}

const isStub = (text: string) => text.includes("RAISE EXCEPTION 'superseded: see ");

/** The comment lines right above the newest definition of each function in the migrations (to start its file). */
export function newestDefinitionComments(folder = migrationsFolder): Map<string, string> {
  const { statements, sources } = migrationStatements(folder);
  const comments = new Map<string, string>();
  for (const statement of statements) {
    if (!statement.defines) continue;
    const before = sources[statement.migration]!.slice(0, statement.start).split('\n');
    before.pop(); // the statement's own line, up to its start
    const block: string[] = [];
    while (before.length > 0) {
      const line = before.at(-1)!;
      if (/^\s*--> statement-breakpoint\s*$/.test(line) || (block.length === 0 && /^\s*$/.test(line))) {
        before.pop();
        continue;
      }
      if (!/^\s*--/.test(line)) break;
      block.unshift(before.pop()!.replace(/--> statement-breakpoint\s*$/, '').trimEnd());
    }
    comments.set(statement.defines, block.length > 0 ? `${block.join('\n')}\n` : '');
  }
  return comments;
}

const writesRows = /^(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE|COPY|MERGE\s+INTO|WITH|DO|CALL)\b/i;
const writtenTable = /^(?:INSERT\s+INTO|UPDATE|COPY|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
const createTrigger = /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\b/i;
const triggerParts = /\bON\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?[\s\S]*?\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
/** Statements that name a function without running it. */
const namesWithoutRunning = /^(ALTER\s+FUNCTION\s+(?![\s\S]*\bRENAME\b)|COMMENT\s+ON\s+FUNCTION|GRANT|REVOKE)\b/i;

export interface StubDecision {
  name: string;
  tag: string;
  /** The migration that defines the function next (or drops it). */
  supersededBy: string;
  stub: boolean;
  /** Why it stays (when `stub` is false). */
  reason?: string;
}

/**
 * Finds the definitions in the migrations that a later migration redefines (or drops) and that nothing runs while
 * migrating before that happens, and (unless `dryRun`) replaces each by a stub with the same signature that only
 * raises. Safe because drizzle's migrator never runs a migration twice nor checks the hash of one already applied
 * (it compares the journal times only): a database migrated before keeps what it has, and a fresh one ends with the
 * newest definitions. "Runs" is conservative: the function, or one that calls it, is named by a statement other
 * than a function definition or a CREATE TRIGGER (a backfill, a CHECK, an index, a default), or, for a trigger
 * function, a statement that writes rows (INSERT, UPDATE, DELETE, … or a DO block) comes in between.
 */
export function stubSupersededDefinitions(options: { folder?: string; dryRun?: boolean } = {}): StubDecision[] {
  const folder = options.folder ?? migrationsFolder;
  const { statements, sources, tags } = migrationStatements(folder);
  const names = new Set(statements.flatMap((statement) => (statement.defines ? [statement.defines] : [])));
  const mentions = (text: string) => {
    const found = new Set<string>();
    for (const word of text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) if (names.has(word)) found.add(word);
    return found;
  };
  // Who calls whom, over every definition any migration holds (the union is the conservative choice).
  const calls = new Map<string, Set<string>>();
  const writers = new Set<string>();
  for (const statement of statements) {
    if (!statement.defines || isStub(statement.text)) continue;
    const callees = calls.get(statement.defines) ?? new Set<string>();
    for (const callee of mentions(statement.text)) if (callee !== statement.defines) callees.add(callee);
    calls.set(statement.defines, callees);
    if (/\b(INSERT|UPDATE|DELETE|TRUNCATE)\b/i.test(statement.text)) writers.add(statement.defines);
  }
  // Which trigger functions run when a table's rows change (any trigger any migration creates).
  const triggersOn = new Map<string, Set<string>>();
  const allTriggers = new Set<string>();
  for (const statement of statements) {
    if (!createTrigger.test(statement.text)) continue;
    const [, table, fn] = triggerParts.exec(codeOnly(statement.text)) ?? [];
    if (!table || !fn) throw new Error(`cannot read the trigger: ${statement.text.slice(0, 120)}`);
    triggersOn.set(table.toLowerCase(), (triggersOn.get(table.toLowerCase()) ?? new Set()).add(fn.toLowerCase()));
    allTriggers.add(fn.toLowerCase());
  }
  const cascades = statements.some((statement) => /\bON\s+UPDATE\s+(CASCADE|SET\s+NULL|SET\s+DEFAULT)\b/i.test(statement.text));
  /** What a statement may run: the functions it names, the triggers of the rows it writes, and all they call. */
  const runBy = (text: string): Set<string> => {
    const start = mentions(text);
    if (writesRows.test(text)) {
      const table = writtenTable.exec(text)?.[1]?.toLowerCase();
      const precise = table && !(cascades && /^UPDATE\b/i.test(text));
      for (const trigger of precise ? (triggersOn.get(table) ?? []) : allTriggers) start.add(trigger);
    }
    const reached = new Set(start);
    const queue = [...start];
    while (queue.length > 0) {
      const fn = queue.pop()!;
      const next = [...(calls.get(fn) ?? []), ...(writers.has(fn) ? allTriggers : [])];
      for (const callee of next) {
        if (reached.has(callee)) continue;
        reached.add(callee);
        queue.push(callee);
      }
    }
    return reached;
  };

  const decisions: StubDecision[] = [];
  const replacements: Array<{ migration: number; start: number; end: number; text: string }> = [];
  statements.forEach((statement, position) => {
    const name = statement.defines;
    if (!name || isStub(statement.text)) return;
    const next = statements.findIndex((later, index) => index > position && (later.defines === name || later.drops === name));
    if (next < 0) return; // the current definition
    const runners: string[] = [];
    for (const between of statements.slice(position + 1, next)) {
      if (between.defines || between.drops || createTrigger.test(between.text) || namesWithoutRunning.test(between.text)) continue;
      if (runBy(between.text).has(name)) runners.push(`${between.tag}: ${between.text.split('\n')[0]!.slice(0, 70)}`);
    }
    const decision: StubDecision = { name, tag: statement.tag, supersededBy: statements[next]!.tag, stub: runners.length === 0 };
    if (!decision.stub) decision.reason = `may run while migrating before ${decision.supersededBy} (${runners.join('; ')})`;
    decisions.push(decision);
    if (decision.stub) replacements.push({ migration: statement.migration, start: statement.start, end: statement.end, text: supersededStub(statement.text, name) });
  });
  if (!options.dryRun) {
    for (let migration = 0; migration < tags.length; migration += 1) {
      const mine = replacements.filter((replacement) => replacement.migration === migration).sort((a, b) => b.start - a.start);
      if (mine.length === 0) continue;
      let source = sources[migration]!;
      for (const replacement of mine) source = source.slice(0, replacement.start) + replacement.text + source.slice(replacement.end);
      writeFileSync(path.join(folder, `${tags[migration]}.sql`), source);
    }
  }
  return decisions;
}

// --- generating a migration from the files -------------------------------------------------------------------------

/** The files in an order in which each comes after the files whose functions it names (LANGUAGE sql bodies are checked). */
export function dependencyOrder(files: FunctionFile[]): FunctionFile[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ordered: FunctionFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: FunctionFile) => {
    if (state.get(file.name)) return; // done, or a cycle (plpgsql bodies are not checked at creation)
    state.set(file.name, 'visiting');
    for (const word of new Set(file.definition.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [])) {
      const callee = byName.get(word);
      if (callee && callee !== file) visit(callee);
    }
    state.set(file.name, 'done');
    ordered.push(file);
  };
  for (const file of files) visit(file);
  return ordered;
}

export interface GeneratedMigration {
  tag: string;
  statements: string[];
  /** Files rewritten to what PostgreSQL prints for them (their comment kept). */
  normalised: string[];
}

/**
 * Applies the differing files to a migrated scratch database and returns the statements that did it: each changed
 * or new file's text (`CREATE OR REPLACE FUNCTION`), a `DROP FUNCTION` first when the signature or the result changed
 * (PostgreSQL cannot replace those), and a `DROP FUNCTION` for a function whose file was deleted.
 */
export async function planFunctionMigration(database: ScratchDatabase, files: Map<string, FunctionFile>): Promise<{ statements: string[]; normalised: string[] }> {
  const before = await databaseFunctions(database.query);
  const differences = compareFunctions(files, before);
  const statements: string[] = [];
  const run = async (text: string) => {
    await database.exec(text);
    statements.push(text.trimEnd());
  };
  const toApply = dependencyOrder([...differences.changed, ...differences.notInDatabase].map((name) => files.get(name)!));
  await database.exec('begin');
  for (const file of toApply) {
    const text = file.comment + file.definition;
    const old = before.get(file.name);
    await database.exec('savepoint function_file');
    try {
      await run(text);
    } catch (error) {
      await database.exec('rollback to savepoint function_file');
      if (!old) throw new Error(`${functionsFolderName}/${file.name}.sql does not run: ${(error as Error).message}`, { cause: error });
      // "cannot change return type of existing function", "cannot change name of input parameter", …
      await run(`DROP FUNCTION ${file.name}(${old.identityArguments});`);
      try {
        await run(text);
      } catch (again) {
        throw new Error(`${functionsFolderName}/${file.name}.sql does not run: ${(again as Error).message}`, { cause: again });
      }
    }
    const now = await database.query(`select pg_get_function_identity_arguments(p.oid) as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = '${file.name}'`);
    if (old && now.length > 1) await run(`DROP FUNCTION ${file.name}(${old.identityArguments});`); // new parameters: a new overload
  }
  for (const name of differences.withoutFile) await run(`DROP FUNCTION ${name}(${before.get(name)!.identityArguments});`);
  await database.exec('commit');

  // PostgreSQL prints a definition in its own way (the header; the body stays as written): the files follow it.
  const after = await databaseFunctions(database.query);
  const normalised: string[] = [];
  for (const file of toApply) {
    const printed = canonical(after.get(file.name)!.definition);
    if (printed !== file.definition) {
      writeFileSync(file.file, file.comment + printed);
      normalised.push(file.name);
    }
  }
  return { statements, normalised };
}

/** Writes the migration (next number, journal entry, snapshot copied from the previous one so drizzle-kit sees no change). */
export function writeFunctionMigration(statements: string[], name: string, folder = migrationsFolder): string {
  const journal = readJournal(folder);
  const last = journal.entries.at(-1)!;
  const number = String(Number(last.tag.slice(0, 4)) + 1).padStart(4, '0');
  const tag = `${number}_${name}`;
  const header = `-- Generated by \`npm run db:functions\` from ${functionsFolderName} (decision 023): edit the files, not this.\n`;
  writeFileSync(path.join(folder, `${tag}.sql`), header + statements.join('\n--> statement-breakpoint\n') + '\n');
  const snapshot = JSON.parse(readFileSync(path.join(folder, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`), 'utf8')) as { id: string; prevId: string };
  writeFileSync(path.join(folder, 'meta', `${number}_snapshot.json`), JSON.stringify({ ...snapshot, id: randomUUID(), prevId: snapshot.id }, null, 2));
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
  writeFileSync(path.join(folder, 'meta', '_journal.json'), `${JSON.stringify(journal, null, 2)}\n`);
  return tag;
}
