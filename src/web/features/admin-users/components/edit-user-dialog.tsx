import { Info } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { isAdminRole } from '../../../../shared/rules/roles';
import type { AdminUserDto } from '../../../../shared/schemas/admin-users';
import { CHILD_SLOTS, childSlotField } from '../../../../shared/schemas/children';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useUpdateUser, type UpdateUserPayload } from '../api/update-user';
import { changedFields, editUserResolver, initialValues, type EditUserForm } from './edit-user-form';
import { fullName, weeklyLimitFromInput } from './user-format';
import { AccountFields, ChildrenFields, PlanAndRoleFields, type FieldBinding } from './user-form-fields';

interface EditUserDialogProps {
  user: AdminUserDto;
  /** The signed-in admin's own account: its role cannot be changed here. */
  isOwnAccount: boolean;
  /** The signed-in admin is an ADMIN and this is a SUPER_ADMIN: the server refuses the change. */
  protectedAccount: boolean;
  /** The signed-in admin is a SUPER_ADMIN: only they change an administrator's role or switch one off. */
  actorIsSuperAdmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 2 and 5: 'Edit User Account'. Mount it afresh for each opening (a key), so the form holds the user. */
export function EditUserDialog({ user, isOwnAccount, protectedAccount, actorIsSuperAdmin, open, onOpenChange, onCloseAutoFocus }: EditUserDialogProps) {
  const updateUser = useUpdateUser();
  const pending = updateUser.isPending;
  const form = useForm<EditUserForm, unknown, UpdateUserPayload>({ resolver: editUserResolver, defaultValues: initialValues(user) });
  // Read during render: react-hook-form tracks dirty fields only for a form that subscribes to them.
  const { errors, dirtyFields } = form.formState;
  const bind = (name: FieldPath<EditUserForm>, options?: { weeklyLimit: true }): FieldBinding => ({
    registration: form.register(name, options ? { setValueAs: weeklyLimitFromInput } : undefined),
    error: errors[name]?.message,
  });
  const isAdministrator = isAdminRole(user.role);
  const roleLockedReason =
    user.role === 'SUPER_ADMIN'
      ? 'A Super Admin keeps their role; it cannot be changed here.'
      : isOwnAccount
        ? 'You cannot change your own role.'
        : isAdministrator && !actorIsSuperAdmin
          ? "Only a Super Admin can change an administrator's role."
          : undefined;
  const activeLockedReason =
    user.role === 'SUPER_ADMIN'
      ? 'A Super Admin account cannot be deactivated.'
      : isOwnAccount
        ? 'You cannot deactivate your own account.'
        : isAdministrator && !actorIsSuperAdmin
          ? 'Only a Super Admin can deactivate an administrator.'
          : undefined;
  // Issue 29: another administrator's name and e-mail (where its set-password links go) are a Super Admin's to change.
  const accountLockedReason =
    isAdministrator && !isOwnAccount && !actorIsSuperAdmin ? "Only a Super Admin can change an administrator's name or email address." : undefined;
  const activeId = useId();

  const onSubmit = form.handleSubmit((values) => {
    const body = changedFields(values, dirtyFields, roleLockedReason === undefined, activeLockedReason === undefined, accountLockedReason === undefined);
    if (Object.keys(body).length === 0) {
      toast({ title: 'No Changes', description: `Nothing was changed for ${fullName(user)}.` });
      onOpenChange(false);
      return;
    }
    updateUser.mutate(
      { userId: user.id, body },
      {
        onSuccess: (updated) => {
          toast({ title: 'User Updated', description: `${fullName(updated)}'s account has been updated.` });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update user') });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit User Account</DialogTitle>
          <DialogDescription>
            Change {fullName(user)}&apos;s details. Renaming a child keeps their bookings; a child with upcoming bookings cannot be
            removed.
          </DialogDescription>
        </DialogHeader>
        {protectedAccount && (
          <Alert variant="info">
            <Info aria-hidden="true" />
            <AlertDescription className="mt-0">Only a Super Admin can change a Super Admin&apos;s account.</AlertDescription>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <fieldset disabled={pending} className="grid min-w-0 gap-6">
            <AccountFields firstName={bind('firstName')} lastName={bind('lastName')} email={bind('email')} lockedReason={accountLockedReason} />
            <div className="grid gap-1.5">
              <div className="flex items-center gap-3">
                <Controller
                  control={form.control}
                  name="isActive"
                  render={({ field }) => (
                    <Switch
                      id={activeId}
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      disabled={Boolean(activeLockedReason) || field.disabled}
                      aria-describedby={`${activeId}-hint`}
                    />
                  )}
                />
                <Label htmlFor={activeId}>Active</Label>
              </div>
              <p id={`${activeId}-hint`} className="text-xs text-slate-600">
                {activeLockedReason ?? 'An inactive account cannot sign in; switching it off signs it out on every device.'}
              </p>
            </div>
            <PlanAndRoleFields planTier={bind('planTier')} weeklyLimit={bind('weeklyLimit', { weeklyLimit: true })} role={bind('role')} roleLockedReason={roleLockedReason} />
            <ChildrenFields
              firstRequired
              slots={CHILD_SLOTS.map((slot) => ({
                name: bind(childSlotField(slot, 'name')),
                limit: bind(childSlotField(slot, 'weeklyLimit'), { weeklyLimit: true }),
                birthDate: bind(childSlotField(slot, 'birthDate')),
                sex: bind(childSlotField(slot, 'sex')),
              }))}
            />
          </fieldset>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={pending} submitLabel="Update User" pendingLabel="Updating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
