import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { EmailAttachment } from './outbox';
import { createMailSender, type MailerOptions, type MailSender } from './mail-sender';

export const MAX_EMAIL_ATTEMPTS = 8;

/** Which of the portal's e-mails a message is, from its subject's fixed opening (logged instead of the address). */
const EMAIL_KINDS: Array<[RegExp, string]> = [
  [/^Booking confirmed:/, 'booking-confirmed'],
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

export type { MailerOptions } from './mail-sender';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Sends queued e-mail: claims due messages with FOR UPDATE SKIP LOCKED (so several instances never send
 * the same one), sends them over SMTP or writes them to the outbox folder, and retries failures with backoff.
 */
/** A claimed message, as the claiming statement returns it. */
type OutboxRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachments' | 'attempts' | 'secrets' | 'template' | 'templateData'
> & {
  createdAt: Date | string;
};

/** Messages claimed by one run; a run that sends a full batch is followed by another at once. */
export const EMAIL_BATCH_SIZE = 20;

export class EmailWorker {
  private readonly sender: MailSender;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;

  constructor(
    private readonly db: Database,
    options: MailerOptions,
    private readonly log: Logger,
    /** Where messages are rendered and sent: this thread by default, or a thread of its own (threaded-mail-sender.ts). */
    sender?: MailSender,
  ) {
    this.sender = sender ?? createMailSender(options);
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
    // Claims due messages and reads them in one statement (the claimed rows come back with the update).
    const claimed = await this.db.execute<OutboxRow>(sql`
      update ${emailOutbox} set status = 'SENDING', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(mins => ${CLAIM_MINUTES})
      where id in (
        select id from ${emailOutbox}
        where status in ('PENDING', 'SENDING') and next_attempt_at <= now()
        order by created_at limit ${batchSize} for update skip locked)
      returning id, to_address as "toAddress", subject, text_body as "textBody", html_body as "htmlBody",
        attachments, attempts, secrets, template, template_data as "templateData", created_at as "createdAt"`);
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
            nextAttemptAt: new Date(Date.now() + wait * 60_000),
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
        update ${emailOutbox} as o set status = 'SENT', sent_at = now(), last_error = null, secrets = null,
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
}
