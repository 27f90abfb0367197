import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClassType, createParent } from '../test-support/fixtures';
import { claimDueStatement, EMAIL_BATCH_SIZE, makeDueRemindersStatement, readyDueRemindersStatement } from './email-worker';
import { withApi } from '../test-support/with-api';

// The worker runs every 15 seconds on every instance, and after every commit that queued mail (each booking of
// a rush): its statements must read the outbox by its index, whatever the outbox holds. Here it holds what a
// season leaves: many sent messages, a pending reminder per upcoming booking (due up to two weeks later), a few
// due now.
// The plans are PostgreSQL's own (PGlite is PostgreSQL), on the statements exactly as the worker sends them.

// The worker's clock is the real one here (as in production): a clock pinned in the past widens the claim's
// range to the database's own now() (see claimDueStatement).
const NOW = new Date();

const { server } = withApi({ seed: false, clock: () => NOW });
beforeAll(async () => {
  const db = server.database.db;
  const at = NOW.toISOString();
  await db.execute(sql`
    insert into email_outbox (to_address, subject, text_body, status, attempts, next_attempt_at, sent_at, created_at)
    select 'sent' || i || '@example.com', 'Sent', 'Hello', 'SENT', 1,
      ${at}::timestamptz - make_interval(mins => i), ${at}::timestamptz - make_interval(mins => i), ${at}::timestamptz - make_interval(mins => i)
    from generate_series(1, 20000) i`);
  // A season's bookings (one family: the plan does not depend on who booked what).
  const parent = await createParent(db, [['Ava', 7]]);
  const classType = await createClassType(db);
  // A year of sessions around now, twenty a day, two bookings each since 160 days ago (the reminders' maker reads
  // only the band coming due).
  await db.execute(sql`
    insert into sessions (class_type_id, starts_at, ends_at)
    select ${classType.id}, ${at}::timestamptz + make_interval(mins => i * 72), ${at}::timestamptz + make_interval(mins => i * 72 + 60)
    from generate_series(-3650, 3650) i`);
  await db.execute(sql`
    insert into bookings (family_id, session_id)
    select ${parent.id}, s.id from sessions s cross join generate_series(1, 2) n where s.starts_at > ${at}::timestamptz - interval '160 days'`);
  // A booking rush's reminders, one per booking: pending, due one hour to two weeks later; a few due now.
  await db.execute(sql`
    insert into email_outbox (to_address, template, template_data, status, next_attempt_at, booking_id)
    select 'rush' || b.n || '@example.com', 'booking-reminder', '{}'::jsonb, 'PENDING', ${at}::timestamptz + make_interval(mins => b.n - 20), b.id
    from (select id, row_number() over () :: int as n from bookings) b`);
  // Due now too: a few confirmations.
  await db.execute(sql`
    insert into email_outbox (to_address, template, template_data, status, next_attempt_at)
    select 'due' || i || '@example.com', 'booking-confirmed', '{}'::jsonb, 'PENDING', ${at}::timestamptz - make_interval(secs => i)
    from generate_series(1, 20) i`);
  await db.execute(sql`analyze email_outbox`);
  await db.execute(sql`analyze bookings`);
  await db.execute(sql`analyze sessions`);
}, 120_000);

async function planOf(statement: SQL): Promise<string> {
  const result = await server.database.db.execute(sql`explain ${statement}`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('the email worker’s statements on a full outbox', () => {
  it('readying the due reminders reads the outbox by email_outbox_pending_idx, never all of it', async () => {
    const plan = await planOf(readyDueRemindersStatement(NOW, EMAIL_BATCH_SIZE));
    // The due reminders are read in the index's order and the scan stops at the batch's size: a Limit over an
    // Index Scan, no Sort (a sort would mean reading every due row, or every pending reminder, first).
    const due = /CTE due\n([\s\S]*?)\n {2}CTE /.exec(plan)?.[1] ?? '';
    expect(due, plan).toMatch(/Limit[\s\S]*LockRows[\s\S]*Index Scan using email_outbox_pending_idx/);
    expect(due, plan).not.toMatch(/Sort|Bitmap/);
    // Never every pending reminder through their own index (the unique one), nor a scan of a whole table.
    expect(plan, plan).not.toMatch(/Seq Scan on email_outbox|email_outbox_reminder_unique|Seq Scan on bookings/);
  });

  it('making the reminders coming due reads the sessions starting in a band of an hour, not the outbox or the bookings', async () => {
    const plan = await planOf(makeDueRemindersStatement(NOW));
    expect(plan, plan).toMatch(/Index Scan using sessions_starts_at_idx|Bitmap Index Scan on sessions_starts_at_idx/);
    expect(plan, plan).toMatch(/bookings_session_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on (email_outbox|bookings|sessions)/);
  });

  it('the claim reads it by the same index', async () => {
    const plan = await planOf(claimDueStatement(NOW, EMAIL_BATCH_SIZE, [], { by: 'plan', leaseMs: 30_000 }));
    expect(plan, plan).toMatch(/email_outbox_pending_idx/);
    // The earlier unsent messages to each candidate's address (a family's e-mails go out in order), by their index.
    expect(plan, plan).toMatch(/email_outbox_unsent_address_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on email_outbox/);
  });
});
