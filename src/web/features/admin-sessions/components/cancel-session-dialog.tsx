import { formatLongDate, formatTimeRange } from '../../../../shared/rules/format';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useCancelSession } from '../api/cancel-session';
import { plural, sessionLabel } from './session-format';

interface CancelSessionDialogProps {
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Cancels a session with everything that follows from it spelled out: its bookings are cancelled, the spots
 * freed and each family e-mailed. 'Session Cancelled' (with the counts) / 'Cancellation Failed'.
 */
export function CancelSessionDialog({ session, open, onOpenChange, onCloseAutoFocus }: CancelSessionDialogProps) {
  const cancelSession = useCancelSession();

  function confirm() {
    if (!session) return;
    cancelSession.mutate(
      { sessionId: session.id },
      {
        onSuccess: ({ cancelledBookings, notifiedFamilies }) => {
          toast({
            title: 'Session Cancelled',
            description: `${sessionLabel(session)} is cancelled: ${plural(cancelledBookings, 'booking')} cancelled, ${plural(notifiedFamilies, 'family', 'families')} notified.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Cancellation Failed', description: apiErrorMessage(error, 'Failed to cancel session') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && session !== null}
      onOpenChange={onOpenChange}
      title="Cancel Session"
      description={
        session && (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{session.classType.name}</strong> on {formatLongDate(session.startsAt)},{' '}
              {formatTimeRange(session.startsAt, session.endsAt)} at {session.location}.
            </p>
            <p className="text-slate-800">
              {session.bookedCount > 0
                ? `This cancels the session and its bookings (${plural(session.bookedCount, 'booked spot')}), frees the spots and emails each family. This cannot be undone.`
                : 'This cancels the session. It has no bookings, so no family is emailed. This cannot be undone.'}
            </p>
            <p>Parents no longer see a cancelled session; it stays in this table, marked Cancelled.</p>
          </>
        )
      }
      cancelLabel="Keep Session"
      confirmLabel="Cancel Session"
      pendingLabel="Cancelling..."
      pending={cancelSession.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
