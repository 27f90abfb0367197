import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { escapeHtml } from '../escape-html';
import type { EmailContext } from './email-context';
import type { EmailAttachment } from './outbox';
import { renderTemplate } from './templates';

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Without SMTP, messages are written here as .eml files. */
  outboxDir: string;
  /** For the messages rendered from a template (mail/templates.ts). */
  context: EmailContext;
}

/** A claimed outbox row: what a message needs to be rendered and sent. */
export interface OutgoingMessage {
  id: string;
  toAddress: string;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  attachments: unknown;
  secrets: Record<string, string> | null;
  template: string | null;
  templateData: unknown;
}

export interface MailContent {
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: EmailAttachment[];
}

/** What a send did: the content it sent (a template's rendering is stored with the SENT row) and the .eml file, if any. */
export interface SentMail {
  content: MailContent;
  file: string | null;
}

/** Renders and sends one message at a time: in this thread (createMailSender) or in a thread of its own (mail-thread.ts). */
export interface MailSender {
  send(message: OutgoingMessage): Promise<SentMail>;
  /** Closes for good: a send still under way is abandoned (its SMTP connection dropped; it fails with AbortError). */
  close(): Promise<void>;
}

/**
 * A body with its `{{key}}` placeholders filled from the message's secrets (HTML-escaped for the HTML body).
 * A placeholder without a secret is left as it is.
 */
export function fillSecrets(body: string, secrets: Record<string, string> | null, html: boolean): string {
  if (!secrets) return body;
  return body.replace(/\{\{([A-Za-z0-9_]+)\}\}/g, (placeholder, key: string) => {
    const value = Object.hasOwn(secrets, key) ? secrets[key] : undefined;
    if (typeof value !== 'string') return placeholder;
    return html ? escapeHtml(value) : value;
  });
}

/** What a row sends: its stored subject and bodies, or its template rendered now. */
function contentOf(message: OutgoingMessage, context: EmailContext): MailContent {
  if (message.template) {
    const rendered = renderTemplate(message.template, message.templateData, context);
    return { subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html ?? null, attachments: rendered.attachments ?? [] };
  }
  return {
    subject: message.subject ?? '',
    textBody: message.textBody ?? '',
    htmlBody: message.htmlBody,
    attachments: (message.attachments as EmailAttachment[] | null) ?? [],
  };
}

/** Sends over SMTP (nodemailer), or without SMTP writes each message to the outbox folder as an .eml file. */
export function createMailSender(options: MailerOptions): MailSender {
  const toFolder = !options.smtpUrl;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folderReady: Promise<unknown> | undefined;
  // close() abandons the sends under way: a stopping instance has handed their messages back (EmailWorker.stop).
  const closing = new AbortController();
  return {
    async send(message) {
      const content = contentOf(message, options.context);
      const info = await transport.sendMail({
        signal: closing.signal,
        from: options.from,
        to: message.toAddress,
        subject: content.subject,
        text: fillSecrets(content.textBody, message.secrets, false),
        html: content.htmlBody === null ? undefined : fillSecrets(content.htmlBody, message.secrets, true),
        attachments: content.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      if (!toFolder) return { content, file: null };
      folderReady ??= mkdir(options.outboxDir, { recursive: true });
      await folderReady;
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      return { content, file };
    },
    async close() {
      closing.abort();
      transport.close();
    },
  };
}
