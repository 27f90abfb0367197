import { CLEAN_OLD_DAYS } from '../../../../shared/schemas/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useCleanWebhookLogs } from '../api/clean-webhook-logs';
import { cleanedMessage } from './log-format';

interface CleanLogsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 9: 'Clean old' removes the deliveries older than 30 days, after asking. */
export function CleanLogsDialog({ open, onOpenChange, onCloseAutoFocus }: CleanLogsDialogProps) {
  const clean = useCleanWebhookLogs();

  function confirm() {
    clean.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        toast({ title: 'Logs Cleaned', description: cleanedMessage(deleted, CLEAN_OLD_DAYS) });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Cleanup Failed', description: apiErrorMessage(error, 'Failed to clean old logs') });
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove logs older than ${CLEAN_OLD_DAYS} days?`}
      description={
        <p>
          Every delivery log (of every configuration) received more than {CLEAN_OLD_DAYS} days ago is deleted. Newer logs, the configurations and the
          accounts they created are kept. This cannot be undone.
        </p>
      }
      confirmLabel="Remove Old Logs"
      pendingLabel="Removing..."
      pending={clean.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
