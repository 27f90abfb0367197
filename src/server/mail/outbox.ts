import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /**
   * Values that must not stay in the database once the message is sent (a set-password token): the bodies
   * name each as a `{{key}}` placeholder, the worker fills them in at send time (HTML-escaped in the HTML
   * body) and clears them when the send succeeds (or is given up).
   */
  secrets?: Record<string, string>;
}

/** `{{key}}`: where a secret goes in a body (keys are letters, digits and _). */
export const secretPlaceholder = (key: string) => `{{${key}}}`;

/** The outbox row of a message (for a batched INSERT; enqueueEmail writes one). */
export function outboxValues(message: EmailMessage): typeof emailOutbox.$inferInsert {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachments: message.attachments ?? null,
    secrets: message.secrets ?? null,
  };
}

/**
 * Queues an e-mail in the same transaction as the change it reports: it is sent (and retried) by the
 * outbox worker after the commit, so sending never blocks or fails the change itself.
 */
export async function enqueueEmail(db: DbOrTx, message: EmailMessage): Promise<void> {
  await db.insert(emailOutbox).values(outboxValues(message));
}
