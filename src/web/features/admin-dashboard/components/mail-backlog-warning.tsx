import { MailWarning } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { useAdminStats } from '../api/get-admin-stats';

/** How long the oldest e-mail has waited, in words: minutes up to two hours, then hours up to two days, then days. */
export function waitedFor(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * Issue 29: the dashboard's warning while e-mail is not going out (the oldest e-mail waiting has waited 15 minutes
 * or more; the server decides, src/server/mail/mail-backlog.ts). Nothing otherwise.
 */
export function MailBacklogWarning() {
  const mail = useAdminStats().data?.mail;
  if (!mail?.delayed || mail.oldestUnsentAgeSeconds === null) return null;
  const waited = waitedFor(mail.oldestUnsentAgeSeconds);
  const waiting = mail.backlog === 1 ? `1 e-mail waiting to be sent, for ${waited}` : `${mail.backlog} e-mails waiting to be sent, the oldest for ${waited}`;
  return (
    <Alert variant="warning" role="alert">
      <MailWarning aria-hidden="true" />
      <div>
        <AlertTitle>E-mails are not going out</AlertTitle>
        <AlertDescription>{waiting}: check the mail server (SMTP_URL).</AlertDescription>
      </div>
    </Alert>
  );
}
