import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordForm, type ChangePasswordForm } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useChangeOwnPassword } from '../../../lib/change-own-password';

type ChangePasswordInput = z.input<typeof changePasswordForm>;

const fields = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 2, Change Password dialog (own password), opened from the user menu. */
export function ChangePasswordDialog({ open, onOpenChange, onCloseAutoFocus }: ChangePasswordDialogProps) {
  const changePassword = useChangeOwnPassword();
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  function handleOpenChange(next: boolean) {
    if (!next) form.reset();
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Password changed successfully' });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          // A refusal about the new password (too common) is shown under it too.
          const newPasswordError = serverFieldError(error, 'newPassword');
          if (newPasswordError) form.setError('newPassword', { type: 'server', message: newPasswordError });
          toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to change password') });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one of at least 6 characters.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {fields.map(({ name, label, autoComplete }) => {
            const id = `change-password-${name}`;
            const message = errors[name]?.message;
            return (
              <div key={name} className="grid gap-2">
                <Label htmlFor={id}>{label}</Label>
                <PasswordInput
                  id={id}
                  autoComplete={autoComplete}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${id}-error` : undefined}
                  disabled={changePassword.isPending}
                  {...form.register(name)}
                />
                <FormMessage id={`${id}-error`}>{message}</FormMessage>
              </div>
            );
          })}
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={changePassword.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
