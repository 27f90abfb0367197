import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { childNameKey, firstRepeatedChildName } from '../../shared/rules/child-name';
import type { DatabaseHandle } from './client';
import { NAME_PIECES, propertyOptions, typedName } from '../test-support/arbitraries';
import { PROPERTY_TIMEOUT_MS, rowsOf } from '../test-support/parity';
import { createTestDatabase } from '../test-support/test-database';

// Parity (docs/development.md, "Parity tests"): a child's name key, in TypeScript (src/shared/rules/child-name.ts: the
// browser and the server) and in the database (portal_child_name_key, behind children.name_key: what a booking finds a
// child by). Generated names mix the characters where spellings meet or part (the Turkish İ, ß and ẞ, final sigma,
// composed and decomposed accents, combining marks alone, full-width and compatibility letters, every kind of white
// space) with code points of the planes both sides know; src/server/routes/child-names.test.ts checks every cased
// character one at a time.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database's key of each name, in one statement. */
async function databaseKeys(names: readonly string[]): Promise<string[]> {
  const [row] = await rowsOf(
    database.db,
    sql`select coalesce(jsonb_agg(portal_child_name_key(t.n) order by t.o), '[]'::jsonb) as keys
        from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as t(n, o)`,
    z.object({ keys: z.array(z.string()) }),
  );
  return row!.keys;
}

describe('a child’s name key in TypeScript and in the database', () => {
  it('is the same for every generated name', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(typedName, { minLength: 1, maxLength: 40 }), async (names) => {
        expect(await databaseKeys(names)).toEqual(names.map(childNameKey));
      }),
      propertyOptions(60),
    );
  });

  it('reads two spellings of one name as one child on both sides, and two names as two', { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    // A name and a respelling of it: upper or lower case, composed or decomposed, compatibility forms, padded.
    const respell = fc.constantFrom(
      (s: string) => s.toUpperCase(),
      (s: string) => s.toLowerCase(),
      (s: string) => s.normalize('NFD'),
      (s: string) => s.normalize('NFKD'),
      (s: string) => `\u3000${s}\u00a0`,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...NAME_PIECES), { minLength: 1, maxLength: 6 }), respell, typedName, async (pieces, change, other) => {
        const name = pieces.join('');
        const names = [name, change(name), other];
        const keys = await databaseKeys(names);
        // The database's keys tell the same children apart as the browser's first repeated name does.
        const repeated = firstRepeatedChildName(names);
        const databaseRepeated = keys.findIndex((key, i) => key !== '' && keys.indexOf(key) < i);
        expect(databaseRepeated === -1 ? null : 'repeated').toBe(repeated === null ? null : 'repeated');
        expect(keys).toEqual(names.map(childNameKey));
      }),
      propertyOptions(60),
    );
  });
});
