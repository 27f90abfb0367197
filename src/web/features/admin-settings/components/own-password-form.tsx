import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { settingsChangePasswordForm, type SettingsChangePasswordForm } from '../../../../shared/schemas/auth';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useChangeOwnPassword } from '../../../lib/change-own-password';

const EMPTY: SettingsChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const fields = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

/** Spec 2, Settings tab: the 'Change Password' section for the admin's own password (spec 5 and 8 messages). */
export function OwnPasswordForm() {
  const headingId = useId();
  const changePassword = useChangeOwnPassword();
  const pending = changePassword.isPending;
  const form = useForm<SettingsChangePasswordForm>({ resolver: zodResolver(settingsChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Password changed successfully' });
          form.reset(EMPTY);
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
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle id={headingId}>Change Password</CardTitle>
          <CardDescription>Your own sign-in password. Enter the current one, then a new one of at least 6 characters.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
          {fields.map(({ name, label, autoComplete }) => (
            <FormField key={name} label={label} error={errors[name]?.message}>
              {(control) => <PasswordInput {...control} autoComplete={autoComplete} disabled={pending} {...form.register(name)} />}
            </FormField>
          ))}
          <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
            {pending ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
