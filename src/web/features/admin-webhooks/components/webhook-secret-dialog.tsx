import { ShieldCheck } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

export interface ShownSecret {
  webhookName: string;
  receiverUrl: string;
  secretKey: string;
}

interface WebhookSecretDialogProps {
  /** Held only by the caller's state, and dropped when this closes. */
  secret: ShownSecret | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** After a save that set a secret: the only time it is shown, with how deliveries are signed. */
export function WebhookSecretDialog({ secret, onClose, onCloseAutoFocus }: WebhookSecretDialogProps) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus} onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Copy your signing secret</DialogTitle>
          <DialogDescription>This is the only time the secret is shown. Store it in your CRM&apos;s webhook settings.</DialogDescription>
        </DialogHeader>
        {secret && (
          <div className="grid min-w-0 gap-4 text-sm text-slate-700">
            <div className="grid gap-2">
              <p className="font-medium text-slate-900">
                Secret for <span className="[overflow-wrap:anywhere]">{secret.webhookName}</span>
              </p>
              <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
                <code data-testid="webhook-secret" className="min-w-0 flex-1 font-mono text-xs break-all text-slate-900 select-all">
                  {secret.secretKey}
                </code>
                <CopyButton value={secret.secretKey} label="Copy secret" description="The signing secret is on your clipboard." />
              </div>
            </div>
            <div className="grid gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sky-950">
              <p className="flex items-center gap-2 font-medium">
                <ShieldCheck className="size-4 shrink-0 text-sky-700" aria-hidden="true" />
                How deliveries are signed
              </p>
              <p>
                Each POST to <code className="font-mono text-xs break-all">{secret.receiverUrl}</code> must carry the header{' '}
                <code className="font-mono text-xs">X-Webhook-Signature: t=&lt;unix time&gt;,v1=&lt;signature&gt;</code>, where the signature is the
                hex HMAC-SHA256 of <code className="font-mono text-xs">&quot;&lt;t&gt;.&lt;raw body&gt;&quot;</code> with this secret. Deliveries
                more than 5 minutes old or more than 60 seconds ahead of the portal&apos;s clock, or with a wrong signature, are refused with 401.
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
