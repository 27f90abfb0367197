import type { MailBacklog } from '../../../../shared/schemas/stats';

/** How long the oldest e-mail has waited, in words: minutes up to two hours, then hours up to two days, then days. */
export function waitedFor(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/** The dashboard warning's text: how many e-mails wait, for how long, and what to check. */
export function mailBacklogText(mail: Pick<MailBacklog, 'backlog' | 'oldestUnsentAgeSeconds'>): string {
  const waited = waitedFor(mail.oldestUnsentAgeSeconds ?? 0);
  const waiting = mail.backlog === 1 ? `1 email waiting to be sent, for ${waited}` : `${mail.backlog} emails waiting to be sent, the oldest for ${waited}`;
  return `${waiting}: check the mail server (SMTP_URL).`;
}
