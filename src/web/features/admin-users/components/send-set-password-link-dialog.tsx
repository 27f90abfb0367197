import { SET_PASSWORD_LINK_HOURS, type AdminUserDto } from '../../../../shared/schemas/admin-users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useSendSetPasswordLink } from '../api/send-set-password-link';
import { fullName } from './user-format';

interface SendSetPasswordLinkDialogProps {
  user: AdminUserDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before e-mailing a fresh set-password link (older links stop working); 'Link Sent' / 'Send Failed'. */
export function SendSetPasswordLinkDialog({ user, open, onOpenChange, onCloseAutoFocus }: SendSetPasswordLinkDialogProps) {
  const sendLink = useSendSetPasswordLink();

  function confirm() {
    if (!user) return;
    sendLink.mutate(
      { userId: user.id },
      {
        onSuccess: (reply) => {
          toast({ title: 'Link Sent', description: reply?.message || `A set-password link was sent to ${user.email}.` });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Send Failed', description: apiErrorMessage(error, 'Failed to send the link') });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && user !== null}
      onOpenChange={onOpenChange}
      title="Send Set-Password Link"
      description={
        user && (
          <>
            <p>
              Email <strong className="font-semibold text-slate-900">{fullName(user)}</strong> a link to choose a password at{' '}
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{user.email}</span>?
            </p>
            <p>
              The link works once, for {SET_PASSWORD_LINK_HOURS} hours. Any link sent earlier stops working.
              {user.passwordSet ? ' Their current password keeps working until they use the link.' : ' They have not chosen a password yet.'}
            </p>
          </>
        )
      }
      confirmLabel="Send Link"
      pendingLabel="Sending..."
      pending={sendLink.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
