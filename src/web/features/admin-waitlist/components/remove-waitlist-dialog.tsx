import { useRef, useState } from 'react';
import { formatShortDate } from '../../../../shared/rules/format';
import type { AdminWaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingSummary } from '../../../components/booking-summary';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OfficeNoteFields } from '../../../components/office-note-fields';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useRemoveWaitlistEntry } from '../api/waitlist-actions';
import { childList } from './waitlist-format';

interface RemoveWaitlistDialogProps {
  entry: AdminWaitlistEntryDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Remove' (issue 21): takes a waiting entry off the session's waitlist, with an optional note for the office; with
 * the attempt's Idempotency-Key, like the front desk's cancel. A refusal stays in the dialog beside the buttons.
 */
export function RemoveWaitlistDialog({ entry, open, onOpenChange }: RemoveWaitlistDialogProps) {
  const remove = useRemoveWaitlistEntry();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const attempt = useAttemptKeys();
  const submitting = useRef(false);

  function changeOpen(next: boolean) {
    if (!next) {
      setNote('');
      setError(null);
      attempt.finish();
    }
    onOpenChange(next);
  }

  function confirm() {
    if (!entry || submitting.current) return;
    submitting.current = true;
    setError(null);
    const trimmed = note.trim();
    remove.mutate(
      { entryId: entry.id, note: trimmed || undefined, idempotencyKey: attempt.keyFor(`${entry.id}\n${trimmed}`) },
      {
        onSuccess: () => {
          attempt.finish();
          toast({
            title: 'Removed from the Waitlist',
            description: `${childList(entry.childNames)} (${entry.familyName}) ${entry.childNames.length === 1 ? 'is' : 'are'} off the waitlist of ${entry.session.classType.name}, ${formatShortDate(entry.session.startsAt)}.`,
          });
          changeOpen(false);
        },
        onError: (failure) => {
          if (attemptAnswered(failure)) attempt.finish();
          setError(apiErrorMessage(failure, 'Failed to remove from the waitlist'));
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && entry !== null}
      onOpenChange={changeOpen}
      title="Remove from the Waitlist"
      description={
        entry && (
          <p>
            Take <strong className="font-semibold text-slate-900">{childList(entry.childNames)}</strong> of {entry.familyName} off this session’s waitlist?
            The entries behind move up; to wait again the family joins again, at the end.
          </p>
        )
      }
      confirmLabel="Remove"
      pendingLabel="Removing..."
      cancelLabel="Keep Waiting"
      pending={remove.isPending}
      destructive
      onConfirm={confirm}
      error={error}
    >
      {entry && (
        <div className="grid gap-4">
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <BookingSummary session={entry.session} childNames={entry.childNames} layout="inline" />
          </div>
          <OfficeNoteFields note={note} onNoteChange={setNote} disabled={remove.isPending} help="Shown on the family page; the family never sees it." />
        </div>
      )}
    </ConfirmDialog>
  );
}
