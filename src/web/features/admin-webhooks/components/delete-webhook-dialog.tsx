import type { WebhookDto } from '../../../../shared/schemas/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useDeleteWebhook } from '../api/save-webhook';

interface DeleteWebhookDialogProps {
  webhook: WebhookDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 8: the delete-webhook confirmation. Its logs are kept; the CRM's next deliveries get 404. */
export function DeleteWebhookDialog({ webhook, open, onOpenChange, onCloseAutoFocus }: DeleteWebhookDialogProps) {
  const deleteWebhook = useDeleteWebhook();

  function confirm() {
    if (!webhook) return;
    deleteWebhook.mutate(
      { id: webhook.id },
      {
        onSuccess: () => {
          toast({ title: 'Webhook Deleted', description: `${webhook.name} has been deleted.` });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Delete Failed', description: apiErrorMessage(error, 'Failed to delete webhook') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && webhook !== null}
      onOpenChange={onOpenChange}
      title={webhook ? `Delete webhook ${webhook.name}?` : 'Delete webhook?'}
      description={
        webhook && (
          <>
            <p>
              Deliveries your CRM sends to <code className="font-mono text-xs break-all text-slate-900">{webhook.receiverUrl}</code> will be answered
              with 404 (not found) from now on. This cannot be undone.
            </p>
            <p>Its delivery logs are kept and stay visible in the Logs tab.</p>
          </>
        )
      }
      confirmLabel="Delete Webhook"
      pendingLabel="Deleting..."
      pending={deleteWebhook.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
