import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { createUserBody, type CreateUserBody, type CreateUserInput } from '../../../../shared/schemas/admin-users';
import { CHILD_SLOTS, childrenToSlots, childSlotField } from '../../../../shared/schemas/children';
import { DEFAULT_WEEKLY_LIMIT } from '../../../../shared/schemas/users';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useCreateUser } from '../api/create-user';
import { BLANK_CHILD } from './edit-user-form';
import { fullName, weeklyLimitFromInput } from './user-format';
import { AccountFields, ChildrenFields, PlanAndRoleFields, type FieldBinding } from './user-form-fields';

const EMPTY: CreateUserInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  role: 'PARENT',
  planTier: 'ONE',
  weeklyLimit: DEFAULT_WEEKLY_LIMIT,
  ...childrenToSlots([], BLANK_CHILD),
};

interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2 and 5: 'Create User'. A blank password means the family is e-mailed a link to choose their own. Mount
 * it afresh for each opening (a key), so the form starts empty every time.
 */
export function CreateUserDialog({ open, onOpenChange, onCloseAutoFocus }: CreateUserDialogProps) {
  const createUser = useCreateUser();
  const pending = createUser.isPending;
  const form = useForm<CreateUserInput, unknown, CreateUserBody>({ resolver: zodResolver(createUserBody), defaultValues: EMPTY });
  const { errors } = form.formState;
  const bind = (name: FieldPath<CreateUserInput>, options?: { weeklyLimit: true }): FieldBinding => ({
    registration: form.register(name, options ? { setValueAs: weeklyLimitFromInput } : undefined),
    error: errors[name]?.message,
  });

  const onSubmit = form.handleSubmit((values) => {
    createUser.mutate(values, {
      onSuccess: (created) => {
        const name = fullName(created);
        toast({
          title: 'User Created',
          description: values.password
            ? `${name} can now sign in with the password you set.`
            : `${name} has been added. A welcome email with a link to choose a password was sent to ${created.email}.`,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        // A refusal about the password itself (too common) is shown under the field too.
        const passwordError = serverFieldError(error, 'password');
        if (passwordError) form.setError('password', { type: 'server', message: passwordError });
        toast({ variant: 'destructive', title: 'Creation Failed', description: apiErrorMessage(error, 'Failed to create user') });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>Add a family or a staff account.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <fieldset disabled={pending} className="grid min-w-0 gap-6">
            <AccountFields
              firstName={bind('firstName')}
              lastName={bind('lastName')}
              email={bind('email')}
              password={
                <FormField
                  label={
                    <>
                      Password <span className="font-normal text-slate-500">(optional)</span>
                    </>
                  }
                  hint="Leave blank and the family receives an email to choose their own password. At least 6 characters if you set one."
                  error={errors.password?.message}
                >
                  {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('password')} />}
                </FormField>
              }
            />
            <PlanAndRoleFields planTier={bind('planTier')} weeklyLimit={bind('weeklyLimit', { weeklyLimit: true })} role={bind('role')} />
            <ChildrenFields
              firstRequired={false}
              slots={CHILD_SLOTS.map((slot) => ({
                name: bind(childSlotField(slot, 'name')),
                limit: bind(childSlotField(slot, 'weeklyLimit'), { weeklyLimit: true }),
                birthDate: bind(childSlotField(slot, 'birthDate')),
                sex: bind(childSlotField(slot, 'sex')),
              }))}
            />
          </fieldset>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={pending} submitLabel="Create User" pendingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
