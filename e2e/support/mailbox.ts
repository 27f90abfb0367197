import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_PORTS } from './ports.mjs';

/** The e-mails the e2e server's SMTP mailbox received (see start-server.mjs). */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORTS.mailbox}/messages`;

export interface MailMessage {
  /** Recipient addresses, lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export async function readMailbox(request: APIRequestContext): Promise<MailMessage[]> {
  const response = await request.get(MAILBOX_URL);
  expect(response.ok(), `the e2e mailbox answers at ${MAILBOX_URL}`).toBe(true);
  return (await response.json()) as MailMessage[];
}

/**
 * The newest e-mail to `to` (whose subject starts with `subjectStartsWith`, when given), polling the mailbox
 * until it arrives: the server sends e-mails from its outbox a moment after the request that queued them.
 */
export async function waitForMail(
  request: APIRequestContext,
  { to, subjectStartsWith = '', timeoutMs = 15_000 }: { to: string; subjectStartsWith?: string; timeoutMs?: number },
): Promise<MailMessage> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await readMailbox(request);
    const found = seen.filter((m) => m.to.includes(address) && m.subject.startsWith(subjectStartsWith)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = seen.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'none';
      throw new Error(`No email to ${to} with a subject starting '${subjectStartsWith}' within ${timeoutMs} ms. Received: ${subjects}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in an e-mail's text that contains `part` (e.g. '/reset-password?token='). */
export function linkIn(mail: MailMessage, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`No link containing '${part}' in the email '${mail.subject}':\n${mail.text}`);
  return link;
}
