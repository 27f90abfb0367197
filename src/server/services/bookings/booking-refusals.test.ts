import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/error-codes';
import { rowsOf } from '../../db/rows-of';
import { createTestDatabase } from '../../test-support/test-database';
import { BOOKING_REFUSALS, bookingRefusal, refusalError, type BookingRefusal } from './booking-refusals';

/**
 * Issue 30: the refusals the SQL functions can answer are one list (BOOKING_REFUSALS), each with its code and message.
 * The keys are read from the functions as a migrated database (PGlite, or PostgreSQL with DATABASE_URL) defines them,
 * not from the migration files: `'refusal', '<key>'`, the keys a `'refusal', CASE … END` picks, and those of the text
 * functions a refusal is assigned from (`refusal := portal_unbookable(…)`: their THEN/ELSE/RETURN literals and the
 * literal arguments of the call).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sqlKeys: Set<string>;

const literalsAfter = (text: string, words: RegExp) => [...text.matchAll(new RegExp(`${words.source}\\s+'([a-z]+(?:-[a-z]+)*)'`, 'g'))].map((m) => m[1]!);

function refusalKeysOf(definitions: ReadonlyMap<string, string>): Set<string> {
  const keys = new Set<string>();
  for (const definition of definitions.values()) {
    for (const match of definition.matchAll(/'refusal',\s*'([a-z]+(?:-[a-z]+)*)'/g)) keys.add(match[1]!);
    for (const match of definition.matchAll(/'refusal',\s*(CASE\b[\s\S]*?\bEND)\b/g)) for (const key of literalsAfter(match[1]!, /\b(?:THEN|ELSE)/)) keys.add(key);
    for (const match of definition.matchAll(/\brefusal\s*:=\s*(portal_\w+)\(([^)]*)\)/g)) {
      const callee = definitions.get(match[1]!);
      if (callee === undefined) throw new Error(`refusal taken from ${match[1]}, which the database does not define`);
      for (const key of literalsAfter(callee, /\b(?:THEN|ELSE|RETURN)/)) keys.add(key);
      for (const argument of match[2]!.matchAll(/'([a-z]+(?:-[a-z]+)*)'/g)) keys.add(argument[1]!);
    }
  }
  return keys;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const result = await database.db.execute(sql`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname like 'portal\\_%' and p.prokind = 'f'`);
  const rows = rowsOf(z.object({ name: z.string(), definition: z.string() }), result, 'pg_get_functiondef');
  sqlKeys = refusalKeysOf(new Map(rows.map((row) => [row.name, row.definition])));
});

afterAll(async () => {
  await database?.close();
});

/** A refusal of `key` with details of the right shape (names, numbers), to build its message. */
function sample(key: string): BookingRefusal {
  return bookingRefusal.parse({
    refusal: key,
    names: ['Ava', 'Leo'],
    name: 'Ava',
    limit: 2,
    available: 1,
    requested: 2,
    overLimit: [{ name: 'Ava', limit: 2, used: 2 }],
    children: key === 'details-missing' ? [{ name: 'Ava', fields: ['birthDate', 'sex'] }] : [{ name: 'Leo', reason: 'girls-only' }],
    classType: { name: 'Girls Power', minAge: null, maxAge: null, girlsOnly: true },
  });
}

describe('the refusals the SQL functions answer', () => {
  it('are found in the functions of the migrated database (the extraction sees the known ones)', () => {
    // One of each way a key is written: a literal, a CASE, a text function's answer, a call's argument.
    for (const key of ['full', 'weekly-limit', 'family-not-found', 'outside-window', 'booking-not-found', 'already-cancelled']) {
      expect(sqlKeys, key).toContain(key);
    }
  });

  it('are every one in the list, and the list has none the SQL cannot answer', () => {
    expect([...sqlKeys].sort()).toEqual(Object.keys(BOOKING_REFUSALS).sort());
  });

  it.each(Object.keys(BOOKING_REFUSALS))('%s has a code of the list, a status and a message for the family and the office', (key) => {
    for (const asker of ['family', 'office'] as const) {
      const error = refusalError(sample(key), asker);
      expect(ERROR_CODES).toContain(error.code);
      expect(error.code).not.toBe('BAD_REQUEST');
      expect([400, 404, 409]).toContain(error.statusCode);
      expect(error.message.trim().length, `${key} (${asker})`).toBeGreaterThan(5);
      // Only the details refusal carries a field beside them: the children and details the dialogs ask for (issue 31).
      const extra = key === 'details-missing' ? { missingDetails: [{ childName: 'Ava', fields: ['birthDate', 'sex'] }] } : {};
      expect(error.body()).toEqual({ ...extra, message: error.message, code: error.code });
    }
  });

  it('an answer with a key the list does not know is an internal error, not a guess', () => {
    expect(() => rowsOf(z.object({ answer: bookingRefusal }), { rows: [{ answer: { refusal: 'moon-phase' } }] }, 'portal_book')).toThrow(
      /unexpected answer from the database \(portal_book\): rows\.0\.answer\.refusal/,
    );
  });
});

describe('the error codes', () => {
  it('are each documented in the error-codes table of docs/api.md', () => {
    const api = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    const table = api.slice(api.indexOf('## Error codes'));
    expect(table.length, 'docs/api.md has an "## Error codes" section').toBeLessThan(api.length);
    const documented = new Set([...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
    expect(ERROR_CODES.filter((code) => !documented.has(code))).toEqual([]);
    expect([...documented].filter((code) => !(ERROR_CODES as readonly string[]).includes(code!))).toEqual([]);
  });

  it('are UPPER_SNAKE and unique', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
