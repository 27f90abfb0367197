import { useRef } from 'react';
import { formatShortDate } from '../../../../shared/rules/format';
import { heldBackSentence, placeInLine } from '../../../../shared/rules/waitlist';
import type { WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingSummary } from '../../../components/booking-summary';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OfflineNotice } from '../../../components/offline-notice';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useOnline } from '../../../lib/online-status';
import { useLeaveWaitlist } from '../api/leave-waitlist';

interface LeaveWaitlistDialogProps {
  entry: WaitlistEntryDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Issue 21: asks before the family leaves a waitlist (its place in line is lost); 'Left the Waitlist' toast. */
export function LeaveWaitlistDialog({ entry, open, onOpenChange, onCloseAutoFocus }: LeaveWaitlistDialogProps) {
  const leave = useLeaveWaitlist();
  const online = useOnline();
  // Set at once (the pending state re-renders only later), so a double click sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();

  function confirm() {
    if (!entry || leave.isPending || submitting.current || !online) return;
    submitting.current = true;
    leave.mutate(
      { entryId: entry.id, idempotencyKey: attempt.keyFor(entry.id) },
      {
        onSuccess: () => {
          attempt.finish();
          toast({
            title: 'Left the Waitlist',
            description: `${entry.childNames.join(', ')} no longer ${entry.childNames.length === 1 ? 'waits' : 'wait'} for ${entry.session.classType.name} on ${formatShortDate(entry.session.startsAt)}.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Could Not Leave the Waitlist', description: apiErrorMessage(error, 'Failed to leave the waitlist') });
          // Answered (already a booking, 409; or gone, 404): the refreshed lists show it, nothing is left to confirm.
          // Unanswered (the network, a 5xx): the prompt stays, and trying again repeats the same attempt.
          if (attemptAnswered(error)) {
            attempt.finish();
            onOpenChange(false);
          }
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
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Leave Waitlist"
      description={
        <p>
          {entry?.position
            ? `You are ${placeInLine(entry.position)}. If you leave, you lose this place; joining again puts you at the end of the line.`
            : 'If you leave, you lose your place; joining again puts you at the end of the line.'}
        </p>
      }
      confirmLabel="Leave Waitlist"
      pendingLabel="Leaving..."
      cancelLabel="Stay on Waitlist"
      pending={leave.isPending}
      confirmDisabled={!online}
      destructive
      onConfirm={confirm}
    >
      {entry && (
        <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <BookingSummary session={entry.session} childNames={entry.childNames} />
          {entry.heldBack.map((hold) => (
            <p key={hold.name} className="text-xs font-medium text-amber-800">
              {heldBackSentence(hold)}
            </p>
          ))}
        </div>
      )}
      {!online && <OfflineNotice />}
    </ConfirmDialog>
  );
}
