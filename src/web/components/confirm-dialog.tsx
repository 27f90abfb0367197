import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in plain words (read first by screen readers). */
  description: ReactNode;
  /** Extra content between the description and the buttons (a summary of what is affected). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs, e.g. 'Deleting...'. */
  pendingLabel: string;
  cancelLabel?: string;
  pending: boolean;
  /** The confirm button cannot be used now (e.g. offline), though nothing runs. */
  confirmDisabled?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Asks before an action that cannot be undone. Stays open while the action runs (the buttons are disabled
 * and Escape does nothing), so the result is never missed; the caller closes it on success.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending,
  confirmDisabled = false,
  destructive = false,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending || confirmDisabled}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
