import type { AdminUserDto } from '../../../../shared/schemas/admin-users';
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
 * Spec 2 and 8: 'Delete User'. A refusal (a family with upcoming bookings) keeps the dialog open and shows
 * 'Delete Failed' with the server's reason.
 */
export function DeleteUserDialog({ user, open, onOpenChange, onCloseAutoFocus }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  function confirm() {
    if (!user) return;
    deleteUser.mutate(
      { userId: user.id },
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
            <p className="text-amber-900">Note: Users with active bookings cannot be deleted for safety reasons.</p>
          </>
        )
      }
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      pending={deleteUser.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
