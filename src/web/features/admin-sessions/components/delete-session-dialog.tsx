import { formatLongDate, formatTimeRange } from '../../../../shared/rules/format';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useDeleteSession } from '../api/delete-session';
import { plural, sessionLabel } from './session-format';

interface DeleteSessionDialogProps {
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (session: SessionDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 8: confirm before deleting a session; 'Session Deleted' / 'Delete Failed' (a 409 explains its bookings). */
export function DeleteSessionDialog({ session, open, onOpenChange, onDeleted, onCloseAutoFocus }: DeleteSessionDialogProps) {
  const deleteSession = useDeleteSession();

  function confirm() {
    if (!session) return;
    deleteSession.mutate(
      { sessionId: session.id },
      {
        onSuccess: () => {
          toast({ title: 'Session Deleted', description: `${sessionLabel(session)} has been deleted.` });
          onDeleted(session);
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Delete Failed', description: apiErrorMessage(error, 'Failed to delete session') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && session !== null}
      onOpenChange={onOpenChange}
      title="Delete Session"
      description={
        session && (
          <>
            <p>
              Delete <strong className="font-semibold text-slate-900">{session.classType.name}</strong> on {formatLongDate(session.startsAt)},{' '}
              {formatTimeRange(session.startsAt, session.endsAt)} at {session.location}? It is removed from the timetable for good.
            </p>
            {session.bookedCount > 0 && (
              <p className="text-amber-900">
                It has {plural(session.bookedCount, 'booked spot')}, so it cannot be deleted. Cancel the session instead: that
                cancels the bookings and emails the families.
              </p>
            )}
          </>
        )
      }
      confirmLabel="Delete Session"
      pendingLabel="Deleting..."
      pending={deleteSession.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
