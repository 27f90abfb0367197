import { CircleAlert } from 'lucide-react';
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
  /**
   * Why the last attempt was refused (the server's words), shown in the footer beside the buttons, so it stays on
   * screen while the body scrolls and the person can change something and try again.
   */
  error?: ReactNode;
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
  error,
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
        <DialogFooter className={error ? 'sm:flex-wrap sm:items-center' : undefined}>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending || confirmDisabled}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          {/* Last in the markup: above the buttons on a phone (the footer stacks in reverse), on a line of its own above them from 640 px. */}
          {error && (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 sm:order-first sm:basis-full">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              <span>{error}</span>
            </p>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
