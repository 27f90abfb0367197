import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

/**
 * Drizzle's migrator applies a migration only when its journal time (`when`) is later than the newest one the
 * database has already applied. A migration whose time is earlier than its predecessor's is applied to a fresh
 * database (all run at once) but silently skipped by every database that was already migrated: a deployment would
 * start on the new code without the new schema.
 */
describe('the migrations journal', () => {
  it('lists every migration file once, in order, each later in time than the one before', () => {
    const files = readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      const previous = journal.entries[index - 1];
      if (previous) expect(entry.when, `${entry.tag} must be later than ${previous.tag}`).toBeGreaterThan(previous.when);
    });
  });
});
