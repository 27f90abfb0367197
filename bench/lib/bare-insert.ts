/**
 * The physical reference for the booking rate: a bare insert transaction, as fast as the database commits one
 * row and its outbox row (BEGIN; INSERT a booking-sized row; INSERT an e-mail_outbox row; COMMIT), with as many
 * transactions in flight as the booking run and the server's pool size (10 connections on PostgreSQL). No HTTP,
 * no rules, no ORM: what is left between it and a booking is what the portal itself costs. Measured on the same
 * fresh database, in the same run, right before the server starts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { OpenDatabase } from './databases';
import { round } from './util';

export interface BareInsertRun {
  transactions: number;
  seconds: number;
  perSec: number;
  inFlight: number;
  connections: number;
}

const CREATE = `create table if not exists bench_bare_rows (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, session_id uuid not null,
  status text not null default 'CONFIRMED', created_at timestamptz not null default now())`;
const INSERT_ROW = 'insert into bench_bare_rows (user_id, session_id) values ($1, $2)';
const INSERT_OUTBOX = 'insert into email_outbox (to_address, subject, text_body, status, next_attempt_at) values ($1, $2, $3, $4, now())';
/** The outbox rows are marked sent so the server's e-mail worker, started next, does not send them. */
const OUTBOX_PARAMS = (): unknown[] => ['bench@example.com', 'Bench', 'bare insert', 'SENT'];

async function loop(seconds: number, inFlight: number, once: () => Promise<void>): Promise<{ count: number; seconds: number }> {
  let count = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      await once();
      count++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { count, seconds: (performance.now() - started) / 1000 };
}

/** PostgreSQL: `pg` with a pool of the server's size; the connections defer the change notifications as the portal's units of work do. */
export async function bareInsertPostgres(url: string, options: { seconds: number; inFlight: number; poolSize?: number }): Promise<BareInsertRun> {
  const connections = options.poolSize ?? 10;
  // portal.defer_announcements: the outbox trigger (migration 0007) only notes its topic, as inside a unit of work.
  const pool = new pg.Pool({ connectionString: url, max: connections, options: '-c portal.defer_announcements=on' });
  try {
    await pool.query(CREATE);
    const once = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(INSERT_ROW, [randomUUID(), randomUUID()]);
        await client.query(INSERT_OUTBOX, OUTBOX_PARAMS());
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    await loop(1, options.inFlight, once);
    const run = await loop(options.seconds, options.inFlight, once);
    await pool.query('drop table bench_bare_rows');
    return { transactions: run.count, seconds: round(run.seconds, 2), perSec: round(run.count / run.seconds, 1), inFlight: options.inFlight, connections };
  } finally {
    await pool.end();
  }
}

/** PGlite: the same transaction on the embedded database, in this process (one connection, as the server has). */
export async function bareInsertPglite(open: OpenDatabase, options: { seconds: number; inFlight: number }): Promise<BareInsertRun> {
  const db = open.handle.db;
  await open.raw.exec(CREATE);
  const once = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.defer_announcements', 'on', true)`);
      await tx.execute(sql`insert into bench_bare_rows (user_id, session_id) values (${randomUUID()}, ${randomUUID()})`);
      await tx.execute(sql`insert into email_outbox (to_address, subject, text_body, status) values ('bench@example.com', 'Bench', 'bare insert', 'SENT')`);
    });
  await loop(1, options.inFlight, once);
  const run = await loop(options.seconds, options.inFlight, once);
  await open.raw.exec('drop table bench_bare_rows');
  return { transactions: run.count, seconds: round(run.seconds, 2), perSec: round(run.count / run.seconds, 1), inFlight: options.inFlight, connections: 1 };
}
