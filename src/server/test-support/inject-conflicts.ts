import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Makes the next `times` writes (insert or update) of a booking of `userId` fail as PostgreSQL fails a
 * transaction it chose as a deadlock's victim (SQLSTATE 40P01, or another `sqlState`), the whole transaction rolled
 * back. The count lives in a sequence, which a rollback does not undo, so a transaction run again gets further.
 * Works on PGlite and PostgreSQL. Returns how many failures were raised so far, and a remover.
 */
export async function injectConflicts(
  db: Database,
  options: { userId: string; times: number; sqlState?: string },
): Promise<{ raised(): Promise<number>; remove(): Promise<void> }> {
  const name = `test_conflict_${randomBytes(4).toString('hex')}`;
  const state = options.sqlState ?? '40P01';
  if (!/^[0-9A-Z]{5}$/.test(state) || !/^[0-9a-f-]{36}$/.test(options.userId)) throw new Error('injectConflicts: bad argument');
  await db.execute(sql.raw(`create sequence ${name}`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.family_id = '${options.userId}'::uuid then
          if nextval('${name}') <= ${Math.trunc(options.times)} then
            raise exception 'injected conflict (${state})' using errcode = '${state}';
          end if;
        end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} after insert or update on bookings for each row execute function ${name}()`));
  return {
    async raised() {
      const result = await db.execute(sql.raw(`select case when is_called then last_value else 0 end as n from ${name}`));
      return Math.min(Number((result as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n), options.times);
    },
    async remove() {
      await db.execute(sql.raw(`drop trigger ${name} on bookings`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}`));
    },
  };
}
