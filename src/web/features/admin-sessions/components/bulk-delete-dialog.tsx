import type { SessionDto } from '../../../../shared/schemas/sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useBulkDeleteSessions } from '../api/bulk-delete-sessions';
import { plural, sessionLabel } from './session-format';

/** How many of the selected sessions the dialog names before '… and N more'. */
const LISTED = 5;

interface BulkDeleteDialogProps {
  /** The selected sessions (from any page). */
  sessions: readonly SessionDto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 5 and 8: delete the selected sessions; ones that have bookings by now are skipped by the server. */
export function BulkDeleteDialog({ sessions, open, onOpenChange, onDeleted, onCloseAutoFocus }: BulkDeleteDialogProps) {
  const bulkDelete = useBulkDeleteSessions();

  function confirm() {
    bulkDelete.mutate(
      { sessionIds: sessions.map((session) => session.id) },
      {
        onSuccess: ({ deletedCount, skippedCount }) => {
          const skipped = skippedCount > 0 ? ` ${skippedCount} skipped because they have bookings.` : '';
          toast({ title: 'Sessions Deleted', description: `${plural(deletedCount, 'session')} deleted.${skipped}` });
          onDeleted();
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Bulk Delete Failed', description: apiErrorMessage(error, 'Failed to delete sessions') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && sessions.length > 0}
      onOpenChange={onOpenChange}
      title="Delete Sessions"
      description={
        <p>
          Delete {plural(sessions.length, 'selected session')}? They are removed from the timetable for good. Any that have
          bookings by now are skipped.
        </p>
      }
      confirmLabel={`Delete ${plural(sessions.length, 'Session')}`}
      pendingLabel="Deleting..."
      pending={bulkDelete.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ul className="grid gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" aria-label="Sessions to delete">
        {sessions.slice(0, LISTED).map((session) => (
          <li key={session.id}>
            {sessionLabel(session)} <span className="text-slate-500">· {session.location}</span>
          </li>
        ))}
        {sessions.length > LISTED && <li className="text-slate-600">… and {sessions.length - LISTED} more</li>}
      </ul>
    </ConfirmDialog>
  );
}
