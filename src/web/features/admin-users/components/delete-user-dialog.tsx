import { useQuery } from '@tanstack/react-query';
import { isFutureBooking } from '../../../../shared/rules/session-card';
import type { AdminUserDto } from '../../../../shared/schemas/admin-users';
import { familyBookingsQuery } from '../../../lib/admin-queries';
import { useNow } from '../../../lib/use-now';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useDeleteUser } from '../api/delete-user';
import { fullName } from './user-format';

interface DeleteUserDialogProps {
  user: AdminUserDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2 and 8: 'Delete User'. A family with upcoming bookings is offered, in the same dialog, 'Cancel their N
 * upcoming bookings and delete' (issue 19: one confirmation, one e-mail to the family). A refusal keeps the dialog
 * open and shows 'Delete Failed' with the server's reason.
 */
export function DeleteUserDialog({ user, open, onOpenChange, onCloseAutoFocus }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();
  const now = useNow();
  const bookings = useQuery({ ...familyBookingsQuery(user?.id ?? ''), enabled: open && user !== null });
  const upcoming = (bookings.data ?? []).filter((b) => b.status === 'CONFIRMED' && isFutureBooking(b, now)).length;
  const cancelFirst = upcoming > 0;

  function confirm() {
    if (!user) return;
    deleteUser.mutate(
      { userId: user.id, cancelUpcomingBookings: cancelFirst },
      {
        onSuccess: () => {
          toast({ title: 'User Deleted', description: `${fullName(user)} has been deleted.` });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Delete Failed', description: apiErrorMessage(error, 'Failed to delete user') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && user !== null}
      onOpenChange={onOpenChange}
      title="Delete User"
      description={
        user && (
          <>
            <p>
              Are you sure you want to delete user <strong className="font-semibold text-slate-900">{fullName(user)}</strong> (
              <span className="[overflow-wrap:anywhere]">{user.email}</span>)? This action cannot be undone.
            </p>
            {cancelFirst ? (
              <p className="text-amber-900">
                This family has {upcoming === 1 ? '1 upcoming booking' : `${upcoming} upcoming bookings`}. They will be cancelled first, the spots released,
                and the family gets one email listing them.
              </p>
            ) : (
              <p className="text-amber-900">Note: Users with active bookings cannot be deleted for safety reasons.</p>
            )}
          </>
        )
      }
      confirmLabel={cancelFirst ? `Cancel their ${upcoming} upcoming ${upcoming === 1 ? 'booking' : 'bookings'} and delete` : 'Delete User'}
      pendingLabel="Deleting..."
      pending={deleteUser.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
