import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { adminChangePasswordBody, type AdminUserDto } from '../../../../shared/schemas/admin-users';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useChangeUserPassword, type AdminChangePasswordBody } from '../api/change-user-password';
import { fullName } from './user-format';

interface ChangeUserPasswordDialogProps {
  user: AdminUserDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2 and 5: 'Change User Password' for a PARENT account: one masked New Password field (required, at least
 * 6 characters). Mount it afresh for each opening (a key), so the field starts empty.
 */
export function ChangeUserPasswordDialog({ user, open, onOpenChange, onCloseAutoFocus }: ChangeUserPasswordDialogProps) {
  const changePassword = useChangeUserPassword();
  const pending = changePassword.isPending;
  const form = useForm<AdminChangePasswordBody>({ resolver: zodResolver(adminChangePasswordBody), defaultValues: { newPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    changePassword.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          toast({ title: 'Password Changed', description: `${fullName(user)} can now sign in with the new password.` });
          onOpenChange(false);
        },
        onError: (error) => {
          // A refusal about the password itself (too common) is shown under the field too.
          const newPasswordError = serverFieldError(error, 'newPassword');
          if (newPasswordError) form.setError('newPassword', { type: 'server', message: newPasswordError });
          toast({ variant: 'destructive', title: 'Password Change Failed', description: apiErrorMessage(error, 'Failed to change password') });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change User Password</DialogTitle>
          <DialogDescription>
            Set a new password for {fullName(user)} (<span className="[overflow-wrap:anywhere]">{user.email}</span>). Their old password stops working.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="New Password" hint="At least 6 characters." error={errors.newPassword?.message}>
            {(control) => <PasswordInput autoComplete="new-password" disabled={pending} {...control} {...form.register('newPassword')} />}
          </FormField>
          <FormDialogFooter
            className="pt-2"
            onCancel={() => onOpenChange(false)}
            pending={pending}
            submitLabel="Change Password"
            pendingLabel="Changing..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
