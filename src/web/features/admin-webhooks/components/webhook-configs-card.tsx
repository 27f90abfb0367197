import { Plus, Webhook } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { SavedWebhookResponse, WebhookDto } from '../../../../shared/schemas/webhooks';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { useWebhooks } from '../api/get-webhooks';
import { useToggleWebhookActive } from '../api/save-webhook';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog';
import { WebhooksTable, type WebhookAction } from './webhooks-table';

type DialogKind = 'create' | WebhookAction;
interface DialogState {
  kind: DialogKind;
  webhook: WebhookDto | null;
  open: boolean;
  /** A new key per opening, so the form starts from its defaults (or the edited configuration) every time. */
  key: number;
}

/** Settings tab: the webhook configurations list (create, edit, delete, Active toggle, receiver URL, secret shown once). */
export function WebhookConfigsCard() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const webhooks = useWebhooks();
  const toggleActive = useToggleWebhookActive();
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The secret of the last save, shown once; only here, and dropped when its dialog closes.
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  function openDialog(kind: DialogKind, webhook: WebhookDto | null, opener: HTMLElement | null = focusedElement()) {
    openerRef.current = opener;
    setDialog((current) => ({ kind, webhook, open: true, key: (current?.key ?? 0) + 1 }));
  }
  const setOpen = (open: boolean) => setDialog((current) => (current ? { ...current, open } : null));
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);

  function onSaved(saved: SavedWebhookResponse) {
    setOpen(false);
    if (saved.secretKey) setSecret({ webhookName: saved.name, receiverUrl: saved.receiverUrl, secretKey: saved.secretKey });
  }

  function onToggleActive(webhook: WebhookDto, isActive: boolean) {
    setToggling((current) => new Set(current).add(webhook.id));
    toggleActive.mutate(
      { id: webhook.id, isActive },
      {
        onSuccess: () => toast({ title: 'Webhook Updated', description: `${webhook.name} is now ${isActive ? 'Active' : 'Inactive'}.` }),
        onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update webhook') }),
        onSettled: () =>
          setToggling((current) => {
            const next = new Set(current);
            next.delete(webhook.id);
            return next;
          }),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 max-w-2xl flex-1 basis-72 items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Webhook className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold tracking-tight text-slate-900 focus:outline-none">
              Webhook Configurations
            </h2>
            <p className="mt-1 text-sm text-slate-600">Addresses your CRM posts plan purchases to; each delivery creates or updates a parent account.</p>
          </div>
        </div>
        <Button onClick={() => openDialog('create', null)}>
          <Plus aria-hidden="true" />
          Add Webhook
        </Button>
      </div>

      {webhooks.isError ? (
        <QueryErrorAlert title="Failed to fetch webhook configurations" error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : (
        <WebhooksTable
          webhooks={webhooks.data?.webhooks ?? []}
          loading={webhooks.isPending}
          toggling={toggling}
          onToggleActive={onToggleActive}
          onAction={(action, webhook, opener) => openDialog(action, webhook, opener)}
        />
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <WebhookFormDialog
          key={dialog.key}
          webhook={dialog.kind === 'edit' ? dialog.webhook : null}
          open={dialog.open}
          onOpenChange={setOpen}
          onSaved={onSaved}
          onCloseAutoFocus={(event) => {
            // With a secret to show, its dialog takes the focus instead.
            if (secret) event.preventDefault();
            else onCloseAutoFocus(event);
          }}
        />
      )}
      <DeleteWebhookDialog
        webhook={dialog?.kind === 'delete' ? dialog.webhook : null}
        open={dialog?.kind === 'delete' && dialog.open}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} onCloseAutoFocus={onCloseAutoFocus} />
    </section>
  );
}
