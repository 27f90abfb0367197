import { MailWarning } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { useAdminStats } from '../api/get-admin-stats';
import { mailBacklogText } from './mail-backlog-format';

/**
 * Issue 29: the dashboard's warning while e-mail is not going out (the oldest e-mail waiting has waited 15 minutes
 * or more; the server decides, src/server/mail/mail-backlog.ts). Nothing otherwise.
 */
export function MailBacklogWarning() {
  const mail = useAdminStats().data?.mail;
  if (!mail?.delayed) return null;
  return (
    <Alert variant="warning" role="alert">
      <MailWarning aria-hidden="true" />
      <div>
        <AlertTitle>Emails are not going out</AlertTitle>
        <AlertDescription>{mailBacklogText(mail)}</AlertDescription>
      </div>
    </Alert>
  );
}
