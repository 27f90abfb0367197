import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * What a table contributes to a fingerprint: every column ('*'), or only the listed ones for tables with a
 * column that legitimately moves on its own (a sign-in's last_seen_at, the e-mail worker's delivery state).
 */
export type FingerprintSpec = Record<string, '*' | readonly string[]>;

/** The app's tables that bad input must never change, and the columns that count. */
export const APP_TABLES: FingerprintSpec = {
  families: '*',
  users: '*',
  emergency_contacts: '*',
  business_settings: '*',
  waitlist_entries: '*',
  children: '*',
  class_types: '*',
  sessions: '*',
  bookings: '*',
  booking_children: '*',
  auth_sessions: ['token_hash', 'user_id'],
  password_tokens: '*',
  webhook_configs: '*',
  webhook_logs: '*',
  field_mapping_templates: '*',
  field_mapping_rules: '*',
  // Issue 34: a refused request writes no activity entry either.
  activity_entries: '*',
  // The worker sends queued mail in the background: a new or removed message counts, its delivery state not.
  email_outbox: ['id', 'to_address', 'subject', 'text_body'],
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Row count and md5 of the ordered rows' text, per table: equal fingerprints before and after a request mean
 * the request changed nothing in those tables.
 */
export async function fingerprint(db: Database, spec: FingerprintSpec = APP_TABLES): Promise<Record<string, string>> {
  const parts = Object.entries(spec).map(([table, columns]) => {
    if (!IDENTIFIER.test(table) || (columns !== '*' && !columns.every((c) => IDENTIFIER.test(c)))) throw new Error(`bad table spec ${table}`);
    const row = columns === '*' ? 't.*' : columns.map((c) => `t.${c}`).join(', ');
    return `select '${table}' as tbl, count(*)::int as n, md5(coalesce(string_agg(x, E'\\n' order by x), '')) as sum from (select row(${row})::text as x from ${table} t) s`;
  });
  // One statement, one round trip.
  const { rows } = (await db.execute(sql.raw(parts.join('\nunion all\n')))) as unknown as { rows: Array<{ tbl: string; n: number; sum: string }> };
  return Object.fromEntries(rows.map((r) => [r.tbl, `${r.n} rows, md5 ${r.sum}`]));
}

/** The spec without the named tables (the ones a request may legitimately write, such as a delivery log). */
export function without(spec: FingerprintSpec, ...tables: string[]): FingerprintSpec {
  return Object.fromEntries(Object.entries(spec).filter(([table]) => !tables.includes(table)));
}
