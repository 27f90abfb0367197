import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { EmailAttachment } from './outbox';
import { createMailSender, type MailerOptions, type MailSender } from './mail-sender';

export const MAX_EMAIL_ATTEMPTS = 8;

/** Which of the portal's e-mails a message is, from its subject's fixed opening (logged instead of the address). */
const EMAIL_KINDS: Array<[RegExp, string]> = [
  [/^Booking confirmed(?: from the waitlist)?:/, 'booking-confirmed'],
  [/^Reminder:/, 'booking-reminder'],
  [/^Booking cancelled:/, 'booking-cancelled'],
  [/^Booking (?:moved|rescheduled)/i, 'booking-rescheduled'],
  [/^Session changed:/, 'session-changed'],
  [/^Session cancelled:/, 'session-cancelled'],
  [/^Welcome to /, 'welcome'],
  [/^Set your password/, 'set-password-link'],
];
export function emailKind(subject: string): string {
  return EMAIL_KINDS.find(([pattern]) => pattern.test(subject))?.[1] ?? 'other';
}

/** A failed send's reason for the log: the error's code and class, never its text (SMTP replies quote the recipient). */
function failureReason(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown; responseCode?: unknown }).code ?? (err as { responseCode?: unknown }).responseCode;
    return typeof code === 'string' || typeof code === 'number' ? `${err.name} ${code}` : err.name;
  }
  return typeof err;
}
/** Minutes to wait after the n-th failed attempt. */
const BACKOFF_MINUTES = [1, 2, 5, 15, 30, 60, 120, 240];
/** A message claimed by an instance that died mid-send is claimed again after this long. */
const CLAIM_MINUTES = 10;

/** The outbox template of a booking's reminder (a row per booking, due 24 hours before its session, issue 21). */
export const REMINDER_TEMPLATE = 'booking-reminder';
/** How long before its session's start a reminder goes out: an instant, 24 real hours, across DST changes too. */
export const REMINDER_LEAD_HOURS = 24;

export type { MailerOptions } from './mail-sender';

export interface EmailWorkerSettings {
  /**
   * The worker's current instant (app.ts passes the app's clock, so tests that pin it drive the worker): a
   * message is due when its next_attempt_at has come by this clock, and retries and claims are timed from it.
   */
  clock?: () => Date;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A claimed message, as the claiming statement returns it. */
type OutboxRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachments' | 'attempts' | 'secrets' | 'template' | 'templateData'
> & {
  createdAt: Date | string;
};

/** An instant of the worker's clock as an SQL value. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Claims up to `batchSize` due messages (SENDING, attempts + 1, claimed for CLAIM_MINUTES) and returns them, with
 * FOR UPDATE SKIP LOCKED so that several instances never claim one message twice.
 * Due by the worker's clock (`now`); a message queued for at once (its first attempt, next_attempt_at stamped
 * with the database's now() by the column default) is due by the database's clock too, so that a clock pinned
 * in the past (tests) does not hold back ordinary mail. Reminders are scheduled in business time: by the clock
 * only, and only those readied in this run (`reminderIds`) are claimed, so none is sent unchecked (or one whose
 * claim ran out: it was readied when first claimed, and its instance died sending it).
 * It reads the outbox by email_outbox_pending_idx (status, next_attempt_at).
 */
export function claimDueStatement(now: Date, batchSize: number, reminderIds: readonly string[]) {
  const at = instant(now);
  return sql`
    update ${emailOutbox} set status = 'SENDING', attempts = attempts + 1,
      next_attempt_at = ${at} + make_interval(mins => ${CLAIM_MINUTES})
    where id in (
      select id from ${emailOutbox}
      where status in ('PENDING', 'SENDING') and next_attempt_at <= greatest(${at}, now())
        and (next_attempt_at <= ${at} or (attempts = 0 and template is distinct from ${REMINDER_TEMPLATE}))
        and (template is distinct from ${REMINDER_TEMPLATE} or status = 'SENDING' or id = any(${`{${reminderIds.join(',')}}`}::uuid[]))
      order by created_at limit ${batchSize} for update skip locked)
    returning id, to_address as "toAddress", subject, text_body as "textBody", html_body as "htmlBody",
      attachments, attempts, secrets, template, template_data as "templateData", created_at as "createdAt"`;
}

/** What readying did with a due reminder: send it now, moved it later, or dropped it. */
type ReminderOutcome = {
  id: string;
  outcome: 'send' | 'later' | 'dropped';
};

/** How far ahead of its instant a reminder is made (the worker makes them once a minute, and runs every 15 s). */
export const REMINDER_MAKE_AHEAD_MINUTES = 5;
/** How late a reminder may still be made (the portal was down, the office moved a session closer, the parent
 * switched reminders back on): past this, its session's day-before moment is gone and none is made. */
export const REMINDER_MAKE_LATE_MINUTES = 60;
/** How often each instance's worker makes the reminders coming due, by its clock. */
export const REMINDER_MAKE_EVERY_MS = 60_000;

/**
 * Makes the reminders coming due (decision 020, migration 0015): one outbox row per confirmed booking of a
 * scheduled session whose start − 24 h falls between REMINDER_MAKE_LATE_MINUTES ago and
 * REMINDER_MAKE_AHEAD_MINUTES ahead, when the booking was placed in that session before that instant and the
 * parent wants reminders (an active account). Due at start − 24 h, with the booking's facts of now (the worker
 * refreshes them when it sends). The unique index email_outbox_reminder_unique keeps it to one per booking,
 * whatever instances run this at once; a booking whose reminder was dropped or sent is never given another,
 * unless a reschedule or a moved session released it (portal_release_reminders).
 * It reads the sessions by sessions_starts_at_idx (a band of about an hour) and their bookings by
 * bookings_session_idx, so its cost does not grow with the outbox or the bookings' history.
 */
export function makeDueRemindersStatement(now: Date) {
  const at = instant(now);
  return sql`
    insert into ${emailOutbox} (to_address, template, template_data, booking_id, next_attempt_at)
    select u.email, ${REMINDER_TEMPLATE},
      portal_booking_facts(b, s,
        array(select bc.child_name from booking_children bc where bc.booking_id = b.id order by bc.position),
        jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)),
      b.id, s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS})
    from sessions s
    join bookings b on b.session_id = s.id and b.status = 'CONFIRMED'
    join users u on u.id = b.user_id
    where s.starts_at > ${at} - make_interval(mins => ${REMINDER_MAKE_LATE_MINUTES}) + make_interval(hours => ${REMINDER_LEAD_HOURS})
      and s.starts_at <= ${at} + make_interval(mins => ${REMINDER_MAKE_AHEAD_MINUTES}) + make_interval(hours => ${REMINDER_LEAD_HOURS})
      and s.starts_at > ${at}
      and s.status <> 'CANCELLED'
      and b.placed_at <= s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS})
      and u.booking_reminders and u.is_active and u.deleted_at is null
      and not exists (select 1 from ${emailOutbox} o where o.booking_id = b.id and o.template = ${REMINDER_TEMPLATE})
    on conflict (booking_id) where template = ${REMINDER_TEMPLATE} do nothing`;
}

/**
 * Readies the due reminders (at most `limit`, the earliest due first) in one statement, and returns what it
 * did with each.
 * Each row is locked with FOR UPDATE SKIP LOCKED (two instances never wait on one another, nor handle one
 * row at once) and checked against the booking as it is now:
 * - deleted when the booking is no longer CONFIRMED, its session is cancelled or has started, or the parent
 *   switched reminders off, was deleted or deactivated (switched back on within the hour, it is made again);
 * - otherwise its facts are refreshed (the office may have moved the session, renamed the class, the parent
 *   changed address), and when the session now starts later, so that its start minus 24 hours is still
 *   ahead, it is moved to then instead of being sent.
 * The rows to send stay PENDING (a restart finds them again); the claim then sends each exactly once.
 * It reads the outbox by email_outbox_pending_idx (status, next_attempt_at) in its order, with status = PENDING
 * (an equality, so the index gives the order and the scan stops at `limit` reminders): only due rows are
 * visited, never every pending reminder (email-worker-plans.test.ts). A reminder whose claim ran out (SENDING)
 * is not readied again: the claim takes it back as it is.
 */
export function readyDueRemindersStatement(now: Date, limit: number) {
  const at = instant(now);
  return sql`
    with due as (
      select o.id, o.booking_id from ${emailOutbox} o
      where o.status = 'PENDING' and o.next_attempt_at <= ${at} and o.template = ${REMINDER_TEMPLATE}
      order by o.next_attempt_at limit ${limit}
      for update skip locked
    ), current as (
      select d.id,
        (b.status = 'CONFIRMED' and s.status <> 'CANCELLED' and s.starts_at > ${at}
          and u.booking_reminders and u.is_active and u.deleted_at is null) as wanted,
        s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS}) as send_at,
        u.email,
        portal_booking_facts(b, s,
          array(select bc.child_name from booking_children bc where bc.booking_id = b.id order by bc.position),
          jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)) as facts
      from due d
      join bookings b on b.id = d.booking_id
      join sessions s on s.id = b.session_id
      join users u on u.id = b.user_id
    ), dropped as (
      delete from ${emailOutbox} o
      where o.id in (select d.id from due d left join current c on c.id = d.id where c.wanted is not true)
      returning o.id, 'dropped' as outcome
    ), kept as (
      update ${emailOutbox} o set template_data = c.facts, to_address = c.email,
        next_attempt_at = case when c.send_at > ${at} then c.send_at else o.next_attempt_at end
      from current c
      where o.id = c.id and c.wanted
      returning o.id, case when o.next_attempt_at <= ${at} then 'send' else 'later' end as outcome
    )
    select id, outcome from kept union all select id, outcome from dropped`;
}

/** Messages claimed by one run; a run that sends a full batch is followed by another at once. */
export const EMAIL_BATCH_SIZE = 20;

/**
 * Sends queued e-mail: claims due messages with FOR UPDATE SKIP LOCKED (so several instances never send
 * the same one), sends them over SMTP or writes them to the outbox folder, and retries failures with backoff.
 * Reminders coming due are made once a minute (makeDueRemindersStatement) and due ones readied before each claim
 * (readyDueRemindersStatement).
 */
export class EmailWorker {
  private readonly sender: MailSender;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private readonly clock: () => Date;
  /** When (by the clock) this worker last made the reminders coming due. */
  private remindersMadeAt: number | undefined;

  constructor(
    private readonly db: Database,
    options: MailerOptions,
    private readonly log: Logger,
    /** Where messages are rendered and sent: this thread by default, or a thread of its own (threaded-mail-sender.ts). */
    sender?: MailSender,
    settings: EmailWorkerSettings = {},
  ) {
    this.sender = sender ?? createMailSender(options);
    this.clock = settings.clock ?? (() => new Date());
  }

  start(intervalMs = 15_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.sender.close();
  }

  /** Asks for a run now (after a commit that queued mail); runs never overlap. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.processDue()
      .then((sent) => {
        // A full batch went out: more may be waiting (a bulk import's welcome e-mails), so go again now.
        if (sent >= EMAIL_BATCH_SIZE) this.again = true;
        return sent;
      })
      .catch((err: unknown) => {
        this.log.warn({ err }, 'e-mail outbox run failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the current run (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends every due message once; returns how many were sent. */
  async processDue(batchSize = EMAIL_BATCH_SIZE): Promise<number> {
    const now = this.clock();
    // Once a minute by this worker's clock (every run would repeat the same search during a booking rush).
    if (this.remindersMadeAt === undefined || Math.abs(now.getTime() - this.remindersMadeAt) >= REMINDER_MAKE_EVERY_MS) {
      await this.db.execute(makeDueRemindersStatement(now));
      this.remindersMadeAt = now.getTime();
    }
    // Due reminders are checked against the booking as it is now before any is claimed (prepareDueReminders);
    // only those found still wanted may be claimed below, so a reminder is never sent unchecked.
    const reminders = await this.prepareDueReminders(now, batchSize);
    // Claims due messages and reads them in one statement (the claimed rows come back with the update).
    const claimed = await this.db.execute<OutboxRow>(claimDueStatement(now, batchSize, reminders));
    const messages = (claimed as unknown as { rows: OutboxRow[] }).rows.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
    // The sent ones are marked in one statement per batch, not one per message (a booking rush queues hundreds).
    const delivered: Array<{ id: string; rendered: boolean; subject: string; textBody: string; htmlBody: string | null; attachments: EmailAttachment[] }> = [];
    for (const message of messages) {
      const id = message.id;
      let kind = message.template ?? emailKind(message.subject ?? '');
      try {
        const { content, file } = await this.sender.send(message);
        kind = message.template ?? emailKind(content.subject);
        if (file) this.log.info({ emailId: id, kind, file }, 'e-mail written to outbox folder');
        else this.log.info({ emailId: id, kind }, 'e-mail sent');
        delivered.push({ id, rendered: Boolean(message.template), ...content });
      } catch (err) {
        const failedFor = message.attempts >= MAX_EMAIL_ATTEMPTS;
        const wait = BACKOFF_MINUTES[Math.min(message.attempts, BACKOFF_MINUTES.length) - 1] ?? 240;
        await this.db
          .update(emailOutbox)
          .set({
            status: failedFor ? 'FAILED' : 'PENDING',
            lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
            nextAttemptAt: new Date(this.clock().getTime() + wait * 60_000),
            // Given up: the message will never go, so its secrets need not stay either.
            ...(failedFor && { secrets: null }),
          })
          .where(eq(emailOutbox.id, id));
        this.log.warn(
          { emailId: id, kind, attempt: message.attempts, giveUp: failedFor, reason: failureReason(err) },
          'e-mail not sent; will retry',
        );
      }
    }
    if (delivered.length) {
      // The secrets (a set-password token) leave the rows with the send: the stored bodies keep only placeholders.
      // A template's rendering is stored with it: the row then shows what was sent.
      await this.db.execute(sql`
        update ${emailOutbox} as o set status = 'SENT', sent_at = ${this.clock().toISOString()}::timestamptz, last_error = null, secrets = null,
          subject = case when v.rendered then v.subject else o.subject end,
          text_body = case when v.rendered then v.text_body else o.text_body end,
          html_body = case when v.rendered then v.html_body else o.html_body end,
          attachments = case when v.rendered then v.attachments else o.attachments end
        from jsonb_to_recordset(${JSON.stringify(delivered.map((d) => ({ id: d.id, rendered: d.rendered, subject: d.subject, text_body: d.textBody, html_body: d.htmlBody, attachments: d.attachments })))}::jsonb)
          as v(id uuid, rendered boolean, subject text, text_body text, html_body text, attachments jsonb)
        where o.id = v.id`);
    }
    const sent = delivered.length;
    return sent;
  }

  /** Readies the due reminders (readyDueRemindersStatement) and returns the ids of those to send now. */
  private async prepareDueReminders(now: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute<ReminderOutcome>(readyDueRemindersStatement(now, limit));
    const rows = (result as unknown as { rows: ReminderOutcome[] }).rows;
    const send = rows.filter((row) => row.outcome === 'send').map((row) => row.id);
    if (rows.length > send.length) {
      const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
      // Counts only: a reminder's address or booking is not logged.
      this.log.info({ dropped: count('dropped'), movedLater: count('later') }, 'due reminders no longer wanted now were dropped or moved later');
    }
    return send;
  }
}
