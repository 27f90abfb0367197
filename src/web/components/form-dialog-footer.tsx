import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

interface FormDialogFooterProps {
  onCancel: () => void;
  /** The submit button's text, and its text while the request runs (spec 2: 'Create User' / 'Creating...'). */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Keeps the submit button disabled for a reason of the form's own (e.g. a bulk series that makes nothing). */
  submitDisabled?: boolean;
  className?: string;
}

/** The Cancel and submit buttons of a form dialog; both are disabled while the request runs. */
export function FormDialogFooter({ onCancel, submitLabel, pendingLabel, pending, submitDisabled = false, className }: FormDialogFooterProps) {
  return (
    <DialogFooter className={className}>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || submitDisabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
