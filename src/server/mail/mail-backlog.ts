import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MailBacklog } from '../../shared/schemas/stats';
import type { Database } from '../db/client';
import { oneRowOf } from '../db/rows-of';
import { emailOutbox } from '../db/schema';
import { REMINDER_TEMPLATE } from './email-worker';

/** Mail waiting longer than this means it is not going out (the mail server is down or refuses): health 503, dashboard warning. */
export const MAIL_DELAYED_AFTER_MINUTES = 15;

/**
 * The e-mails waiting to be sent (issue 29): every message not sent yet (queued, retrying after a failure, or
 * being sent) that is due or has been tried; a reminder written ahead of its time is not waiting yet, and a
 * message given up (FAILED) waits no more. The oldest one's age is counted from when it was written (a reminder:
 * from when it fell due), by the database's clock. Given up or not, no address or server is named.
 * It reads the outbox by email_outbox_pending_idx (the unsent rows only).
 */
export async function mailBacklog(db: Database): Promise<MailBacklog> {
  const result = await db.execute(sql`
    select count(*)::int as backlog,
      floor(extract(epoch from now() - min(
        case when template = ${REMINDER_TEMPLATE} and attempts = 0 then next_attempt_at else created_at end)))::int as oldest
    from ${emailOutbox}
    where status in ('PENDING', 'SENDING') and (attempts > 0 or next_attempt_at <= now())`);
  const row = oneRowOf(z.object({ backlog: z.number().int(), oldest: z.number().int().nullable() }), result, 'the email backlog');
  const oldest = row.oldest === null ? null : Math.max(0, row.oldest);
  return {
    backlog: row.backlog,
    oldestUnsentAgeSeconds: oldest,
    delayed: oldest !== null && oldest >= MAIL_DELAYED_AFTER_MINUTES * 60,
  };
}
