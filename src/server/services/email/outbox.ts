import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';

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
}

/**
 * Queues an e-mail in the same transaction as the change it reports: it is sent (and retried) by the
 * outbox worker after the commit, so sending never blocks or fails the change itself.
 */
export async function enqueueEmail(db: DbOrTx, message: EmailMessage): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachments: message.attachments ?? null,
  });
}
