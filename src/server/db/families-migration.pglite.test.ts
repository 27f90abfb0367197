import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsCutAt, readJournal } from './function-sources';

// Issue 31 (decision 027): a deployment with accounts, children, bookings and waiting entries takes migration 0024
// without losing a row: each parent becomes a family with the parent's id, its plan, CRM identity, notes and feed
// move to the family, and the family's rows keep their ids (renamed keys, no rewrite). Staff without children get none.
describe('migrating to families (0024)', () => {
  it('keeps every id and moves the family columns', async () => {
    const families = readJournal().entries.findIndex((entry) => entry.tag.startsWith('0024_'));
    expect(families).toBeGreaterThan(0);
    const cut = migrationsCutAt(families);
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder: cut.folder });
      await client.exec(`
        insert into users (id, email, first_name, last_name, role, plan_tier, weekly_limit, crm_user_id, notes, calendar_feed_hash, is_active)
        values ('00000000-0000-4000-8000-000000000001', 'pat@example.com', 'Pat', 'Parent', 'PARENT', 'THREE', 3, 'crm-1', 'Office note', 'feedhash', true),
               ('00000000-0000-4000-8000-000000000002', 'old@example.com', 'Old', 'Parent', 'PARENT', 'ONE', 1, null, null, null, false),
               ('00000000-0000-4000-8000-000000000003', 'staff@example.com', 'Staff', 'Admin', 'ADMIN', 'ONE', 1, null, null, null, true);
        insert into children (id, user_id, position, name, weekly_limit)
        values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 1, 'Ava', 2);
        insert into class_types (id, code, name) values ('00000000-0000-4000-8000-0000000000a1', 'MIG', 'Migration Class');
        insert into sessions (id, class_type_id, starts_at, ends_at, capacity, booked_count)
        values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-0000000000a1', '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z', 1, 1);
        insert into bookings (id, user_id, session_id) values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000e1');
        insert into booking_children (booking_id, child_id, child_name) values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000c1', 'Ava');
      `);
      cut.restore();
      await migrate(drizzle(client), { migrationsFolder: cut.folder });

      const families = await client.query<Record<string, unknown>>('select id, plan_tier, weekly_limit, crm_user_id, notes, calendar_feed_hash, deactivated_at is not null as deactivated from families order by id');
      expect(families.rows).toEqual([
        { id: '00000000-0000-4000-8000-000000000001', plan_tier: 'THREE', weekly_limit: 3, crm_user_id: 'crm-1', notes: 'Office note', calendar_feed_hash: 'feedhash', deactivated: false },
        { id: '00000000-0000-4000-8000-000000000002', plan_tier: 'ONE', weekly_limit: 1, crm_user_id: null, notes: null, calendar_feed_hash: null, deactivated: true },
      ]);
      const accounts = await client.query<Record<string, unknown>>('select email, family_id, copy_me from users order by email');
      expect(accounts.rows).toEqual([
        { email: 'old@example.com', family_id: '00000000-0000-4000-8000-000000000002', copy_me: true },
        { email: 'pat@example.com', family_id: '00000000-0000-4000-8000-000000000001', copy_me: true },
        { email: 'staff@example.com', family_id: null, copy_me: true },
      ]);
      const kept = await client.query<Record<string, unknown>>(`
        select (select family_id from children where id = '00000000-0000-4000-8000-0000000000c1') as child_family,
               (select family_id from bookings where id = '00000000-0000-4000-8000-0000000000b1') as booking_family,
               (select booked_by_user_id from bookings where id = '00000000-0000-4000-8000-0000000000b1') as booked_by`);
      expect(kept.rows[0]).toEqual({ child_family: '00000000-0000-4000-8000-000000000001', booking_family: '00000000-0000-4000-8000-000000000001', booked_by: null });
    } finally {
      await client.close();
      cut.remove();
    }
  }, 120_000);
});
