import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows-of';
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
/**
 * How long a claim lasts, by the database's clock: the worker renews its claims every third of this while it
 * sends, so a message claimed by an instance that died (kill -9, a lost machine) is claimed again this long after
 * its last renewal, and one whose send is merely slow is never taken from under it.
 */
export const CLAIM_LEASE_MS = 30_000;
/**
 * On stop (SIGTERM), how long the send under way may still take: then the messages claimed but not sent, that
 * one too, are handed back for another instance.
 */
export const STOP_GRACE_MS = 5_000;

/** The outbox template of a booking's reminder (a row per booking, due 24 hours before its session, issue 21). */
export const REMINDER_TEMPLATE = 'booking-reminder';
/** How long before its session's start a reminder goes out: an instant, 24 real hours, across DST changes too. */
export const REMINDER_LEAD_HOURS = 24;

export type { MailerOptions } from './mail-sender';

export interface EmailWorkerSettings {
  /**
   * The worker's current instant (app.ts passes the app's clock, so tests that pin it drive the worker): a
   * message is due when its next_attempt_at has come by this clock, and retries are timed from it. Claims are
   * timed by the database's clock (they are about the instances, not business time).
   */
  clock?: () => Date;
  /** How long a claim lasts unless renewed (CLAIM_LEASE_MS). */
  claimLeaseMs?: number;
  /** How long stop() waits for the send under way (STOP_GRACE_MS). */
  stopGraceMs?: number;
  /**
   * Whether a rush of requests is on (app.ts: the booking writes in flight). While it is, a run waits (rechecked
   * every RUSH_RECHECK_MS), but never longer than RUSH_MAX_WAIT_MS at a stretch: the queued e-mail goes out when
   * the rush eases, and a batch at least every few seconds while it does not.
   */
  rushOn?: () => boolean;
  /** The longest a run waits for a rush to ease (RUSH_MAX_WAIT_MS). */
  rushMaxWaitMs?: number;
}

/** While a rush is on, how often the worker looks again whether it has eased. */
export const RUSH_RECHECK_MS = 100;
/** The longest a run waits for a rush to ease: then one batch goes, and the worker waits again. */
export const RUSH_MAX_WAIT_MS = 5_000;

/** Who claims (one id per worker, so per instance) and for how long. */
export interface Claim {
  by: string;
  leaseMs: number;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A claimed message, as the claiming statement returns it. */
type OutboxColumns = typeof emailOutbox.$inferSelect;
/** A claimed message as the claim statement returns it (its JSON columns are the worker's own writes, kept as stored). */
const outboxRow = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string().nullable(),
  textBody: z.string().nullable(),
  htmlBody: z.string().nullable(),
  attachments: z.custom<OutboxColumns['attachments']>(),
  attempts: z.number().int(),
  secrets: z.custom<OutboxColumns['secrets']>(),
  template: z.string().nullable(),
  templateData: z.custom<OutboxColumns['templateData']>(),
  createdAt: z.union([z.date(), z.string()]),
});

/** An instant of the worker's clock as an SQL value. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** A claim's end: `leaseMs` from now by the database's clock (the same clock for every instance). */
const leaseEnd = (leaseMs: number) => sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`;

/**
 * Claims up to `batchSize` due messages (SENDING, attempts + 1, held by `claim.by` for `claim.leaseMs`) and
 * returns them, with FOR UPDATE SKIP LOCKED so that several instances never claim one message twice.
 * Due by the worker's clock (`now`); a message queued for at once (its first attempt, next_attempt_at stamped
 * with the database's now() by the column default) is due by the database's clock too, so that a clock pinned
 * in the past (tests) does not hold back ordinary mail. Reminders are scheduled in business time: by the clock
 * only, and only those readied in this run (`reminderIds`) are claimed, so none is sent unchecked (or one whose
 * claim ran out: it was readied when first claimed, and its instance died sending it). A message whose claim ran
 * out (its instance died) is due again, whatever its next_attempt_at.
 * A family's e-mails go out in the order they were written: a message waits while an earlier one to its address
 * is not sent (queued, retrying after a failure, or being sent by any instance), reminders aside (they are
 * written ahead of their time); so one batch holds at most one message per address. A message given up
 * (FAILED) no longer holds the later ones back.
 * It reads the outbox by email_outbox_pending_idx (status, next_attempt_at), and the earlier messages to an
 * address by email_outbox_unsent_address_idx.
 */
export function claimDueStatement(now: Date, batchSize: number, reminderIds: readonly string[], claim: Claim) {
  const at = instant(now);
  return sql`
    update ${emailOutbox} set status = 'SENDING', attempts = attempts + 1,
      claimed_by = ${claim.by}, claimed_until = ${leaseEnd(claim.leaseMs)}
    where id in (
      select c.id from ${emailOutbox} c
      where ((c.status = 'PENDING' and c.next_attempt_at <= greatest(${at}, now())
              and (c.next_attempt_at <= ${at} or (c.attempts = 0 and c.template is distinct from ${REMINDER_TEMPLATE})))
          or (c.status = 'SENDING' and coalesce(c.claimed_until, '-infinity') <= clock_timestamp()))
        and (c.template is distinct from ${REMINDER_TEMPLATE} or c.status = 'SENDING' or c.id = any(${`{${reminderIds.join(',')}}`}::uuid[]))
        and not exists (
          select 1 from ${emailOutbox} e
          where e.to_address = c.to_address and e.status in ('PENDING', 'SENDING') and e.template is distinct from 'booking-reminder'
            and (e.created_at, e.id) < (c.created_at, c.id))
      order by c.created_at, c.id limit ${batchSize} for update of c skip locked)
    returning id, to_address as "toAddress", subject, text_body as "textBody", html_body as "htmlBody",
      attachments, attempts, secrets, template, template_data as "templateData", created_at as "createdAt"`;
}

/** Extends the claims `claim.by` holds (the messages it is sending) by another lease. */
export function renewClaimsStatement(claim: Claim) {
  return sql`
    update ${emailOutbox} set claimed_until = ${leaseEnd(claim.leaseMs)}
    where status = 'SENDING' and claimed_by = ${claim.by}`;
}

/**
 * Hands back the messages `claimedBy` claimed and did not send (a stopping instance): queued again as never
 * tried (the claim's attempt is taken back), due as they were, so another instance sends them at its next run.
 */
export function releaseClaimsStatement(claimedBy: string) {
  return sql`
    update ${emailOutbox} set status = 'PENDING', attempts = greatest(attempts - 1, 0), claimed_by = null, claimed_until = null
    where status = 'SENDING' and claimed_by = ${claimedBy}`;
}

/** What readying did with a due reminder: send it now, moved it later, or dropped it. */
const reminderOutcome = z.object({ id: z.string(), outcome: z.enum(['send', 'later', 'dropped']) });

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
        array(select bc.child_name from booking_children bc where bc.booking_id = b.id and bc.cancelled_at is null order by bc.position),
        jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)),
      b.id, s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS})
    from sessions s
    join bookings b on b.session_id = s.id and b.status = 'CONFIRMED'
    -- Issue 31: each of the family's recipients (portal_family_recipients: who booked, and the others with copies on).
    cross join lateral jsonb_array_elements(portal_family_recipients(b.family_id, b.booked_by_user_id)) r
    join users u on u.id = (r ->> 'id')::uuid
    where s.starts_at > ${at} - make_interval(mins => ${REMINDER_MAKE_LATE_MINUTES}) + make_interval(hours => ${REMINDER_LEAD_HOURS})
      and s.starts_at <= ${at} + make_interval(mins => ${REMINDER_MAKE_AHEAD_MINUTES}) + make_interval(hours => ${REMINDER_LEAD_HOURS})
      and s.starts_at > ${at}
      and s.status <> 'CANCELLED'
      and b.placed_at <= s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS})
      and u.booking_reminders and u.is_active and u.deleted_at is null
      and not exists (select 1 from ${emailOutbox} o where o.booking_id = b.id and o.template = ${REMINDER_TEMPLATE} and o.to_address = u.email)
    on conflict (booking_id, to_address) where template = ${REMINDER_TEMPLATE} do nothing`;
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
        (u.id is not null and b.status = 'CONFIRMED' and s.status <> 'CANCELLED' and s.starts_at > ${at}
          and u.booking_reminders and u.is_active and u.deleted_at is null
          and (b.booked_by_user_id is null or u.id = b.booked_by_user_id or u.copy_me)) as wanted,
        s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS}) as send_at,
        u.email,
        portal_booking_facts(b, s,
          array(select bc.child_name from booking_children bc where bc.booking_id = b.id and bc.cancelled_at is null order by bc.position),
          jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)) as facts
      from due d
      join ${emailOutbox} o on o.id = d.id
      join bookings b on b.id = d.booking_id
      join sessions s on s.id = b.session_id
      -- The guardian the reminder is for (issue 31; the address they have now): one who left the family gets none.
      left join users u on u.family_id = b.family_id and u.deleted_at is null
        and u.id = coalesce((o.template_data -> 'user' ->> 'id')::uuid, (select g.id from users g where g.family_id = b.family_id and lower(g.email) = lower(o.to_address) limit 1))
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

/** Messages claimed by one run; a run that sent any is followed by another at once. */
export const EMAIL_BATCH_SIZE = 20;

/** A sent message, as its SENT mark stores it. */
interface Delivered {
  id: string;
  rendered: boolean;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: EmailAttachment[];
}

/**
 * Marks messages SENT as soon as each is sent: its mark leaves at once, while the next message is being sent; a
 * message sent while a mark is still on its way goes with the next mark (one statement in flight at a time, so a
 * busy outbox is marked in few statements). A run never waits for its batch's end to record what went out.
 */
class SentMarks {
  private waiting: Delivered[] = [];
  private inFlight: Promise<void> | undefined;
  private failure: unknown;

  constructor(private readonly write: (delivered: Delivered[]) => Promise<void>) {}

  add(delivered: Delivered): void {
    this.waiting.push(delivered);
    this.flush();
  }

  /** Waits until every mark is written; rejects when one failed. */
  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.failure !== undefined) throw this.failure;
  }

  private flush(): void {
    if (this.inFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0);
    this.inFlight = this.write(batch)
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => {
        this.inFlight = undefined;
        this.flush();
      });
  }
}

/**
 * Sends queued e-mail: claims due messages with FOR UPDATE SKIP LOCKED (so several instances never send
 * the same one), sends them over SMTP or writes them to the outbox folder, marks each sent as soon as it went
 * out, and retries failures with backoff. Its claims last seconds and are renewed while it sends; stop() hands
 * back what it claimed and did not send. A family's e-mails go out in the order they were written (claimDueStatement).
 * Reminders coming due are made once a minute (makeDueRemindersStatement) and due ones readied before each claim
 * (readyDueRemindersStatement).
 */
export class EmailWorker {
  private readonly sender: MailSender;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** Set by stop(): no run starts, and the one under way sends no further message. */
  private stopping = false;
  private readonly clock: () => Date;
  /** This worker's claims: its own id (host, process, a random part) and their lease. */
  private readonly claim: Claim;
  private readonly stopGraceMs: number;
  /** Renews this worker's claims while a run sends. */
  private renewal: NodeJS.Timeout | undefined;
  /** When (by the clock) this worker last made the reminders coming due. */
  private remindersMadeAt: number | undefined;
  private readonly rushOn: () => boolean;
  private readonly rushMaxWaitMs: number;
  /** Since when (performance.now()) runs have waited for a rush to ease; undefined when none is waiting. */
  private waitingSince: number | undefined;
  private rushTimer: NodeJS.Timeout | undefined;

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
    this.claim = { by: `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`, leaseMs: settings.claimLeaseMs ?? CLAIM_LEASE_MS };
    this.stopGraceMs = settings.stopGraceMs ?? STOP_GRACE_MS;
    this.rushOn = settings.rushOn ?? (() => false);
    this.rushMaxWaitMs = settings.rushMaxWaitMs ?? RUSH_MAX_WAIT_MS;
  }

  start(intervalMs = 15_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops for good (the app's close, so SIGTERM): no run starts any more (a request answered during the drain
   * queues its mail for the other instances), the run under way sends no further message, and its send under way
   * gets STOP_GRACE_MS; then every message this worker claimed and did not send is handed back
   * (releaseClaimsStatement), for another instance's next run.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.rushTimer);
    if (this.running) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([this.running, new Promise((resolve) => (grace = setTimeout(resolve, this.stopGraceMs)))]);
      clearTimeout(grace);
    }
    clearInterval(this.renewal);
    try {
      await this.db.execute(releaseClaimsStatement(this.claim.by));
    } catch (err) {
      // Not handed back: the claims run out within CLAIM_LEASE_MS and another instance takes them then.
      this.log.warn({ err }, 'emails claimed by this instance not handed back');
    }
    await this.sender.close();
  }

  /** Asks for a run now (after a commit that queued mail); runs never overlap. */
  kick(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A rush of bookings: rendering, writing and marking e-mail would take the CPU and the database from the
    // requests (each confirmation is safe in the outbox). Wait for the rush to ease, a few seconds at most.
    if (this.rushOn()) {
      const now = performance.now();
      this.waitingSince ??= now;
      if (now - this.waitingSince < this.rushMaxWaitMs) {
        if (!this.rushTimer) {
          this.rushTimer = setTimeout(() => {
            this.rushTimer = undefined;
            this.kick();
          }, RUSH_RECHECK_MS);
          this.rushTimer.unref();
        }
        return;
      }
    }
    this.waitingSince = undefined;
    this.running = this.processDue()
      .then((sent) => {
        // Something went out: more may be waiting (a bulk import's welcome e-mails beyond a batch, or a family's
        // next e-mail, held back until this one was sent), so go again now.
        if (sent > 0) this.again = true;
        return sent;
      })
      .catch((err: unknown) => {
        this.log.warn({ err }, 'email outbox run failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopping) {
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
    if (this.stopping) return 0;
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
    const claimed = await this.db.execute(claimDueStatement(now, batchSize, reminders, this.claim));
    const messages = rowsOf(outboxRow, claimed, 'the email claim').sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
    if (messages.length === 0) return 0;
    // The claims are renewed while this run sends, however long a send takes (a slow mail server).
    const renewal = setInterval(() => {
      this.db.execute(renewClaimsStatement(this.claim)).catch((err: unknown) => this.log.warn({ err }, 'email claims not renewed'));
    }, this.claim.leaseMs / 3);
    renewal.unref();
    this.renewal = renewal;
    const marks = new SentMarks((delivered) => this.markSent(delivered));
    let sent = 0;
    try {
      for (const message of messages) {
        // Stopping: the rest of the batch is handed back (stop()), not sent by an instance about to exit.
        if (this.stopping) break;
        const id = message.id;
        let kind = message.template ?? emailKind(message.subject ?? '');
        try {
          const { content, file } = await this.sender.send(message);
          // Recorded at once: an instance that dies later in the batch leaves nothing sent to be sent again.
          marks.add({ id, rendered: Boolean(message.template), ...content });
          sent++;
          kind = message.template ?? emailKind(content.subject);
          if (file) this.log.info({ emailId: id, kind, file }, 'email written to outbox folder');
          else this.log.info({ emailId: id, kind }, 'email sent');
        } catch (err) {
          // Stopping: the message is handed back as not tried (stop() releases it), not retried later.
          if (this.stopping) break;
          const failedFor = message.attempts >= MAX_EMAIL_ATTEMPTS;
          const wait = BACKOFF_MINUTES[Math.min(message.attempts, BACKOFF_MINUTES.length) - 1] ?? 240;
          await this.db
            .update(emailOutbox)
            .set({
              status: failedFor ? 'FAILED' : 'PENDING',
              lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
              nextAttemptAt: new Date(this.clock().getTime() + wait * 60_000),
              claimedBy: null,
              claimedUntil: null,
              // Given up: the message will never go, so its secrets need not stay either.
              ...(failedFor && { secrets: null }),
            })
            // Only while this worker still holds it (a stopped instance handed it back, another may have sent it).
            .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'SENDING'), eq(emailOutbox.claimedBy, this.claim.by)));
          this.log.warn(
            { emailId: id, kind, attempt: message.attempts, giveUp: failedFor, reason: failureReason(err) },
            'email not sent; will retry',
          );
        }
      }
      await marks.settled();
    } finally {
      clearInterval(renewal);
    }
    return sent;
  }

  /**
   * Marks sent messages SENT (SentMarks). The secrets (a set-password token) leave the rows with the send: the
   * stored bodies keep only placeholders. A template's rendering is stored with it: the row then shows what was sent.
   */
  private async markSent(delivered: Delivered[]): Promise<void> {
    await this.db.execute(sql`
      update ${emailOutbox} as o set status = 'SENT', sent_at = ${this.clock().toISOString()}::timestamptz, last_error = null, secrets = null,
        claimed_by = null, claimed_until = null,
        subject = case when v.rendered then v.subject else o.subject end,
        text_body = case when v.rendered then v.text_body else o.text_body end,
        html_body = case when v.rendered then v.html_body else o.html_body end,
        attachments = case when v.rendered then v.attachments else o.attachments end
      from jsonb_to_recordset(${JSON.stringify(delivered.map((d) => ({ id: d.id, rendered: d.rendered, subject: d.subject, text_body: d.textBody, html_body: d.htmlBody, attachments: d.attachments })))}::jsonb)
        as v(id uuid, rendered boolean, subject text, text_body text, html_body text, attachments jsonb)
      where o.id = v.id`);
  }

  /** Readies the due reminders (readyDueRemindersStatement) and returns the ids of those to send now. */
  private async prepareDueReminders(now: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute(readyDueRemindersStatement(now, limit));
    const rows = rowsOf(reminderOutcome, result, 'the due reminders');
    const send = rows.filter((row) => row.outcome === 'send').map((row) => row.id);
    if (rows.length > send.length) {
      const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
      // Counts only: a reminder's address or booking is not logged.
      this.log.info({ dropped: count('dropped'), movedLater: count('later') }, 'due reminders no longer wanted now were dropped or moved later');
    }
    return send;
  }
}
