import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { fullName } from '../../../../shared/rules/format';
import { addGuardianBody } from '../../../../shared/schemas/family';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { ApiError, apiErrorMessage, errorCodeOf } from '../../../lib/api';
import { useAddGuardian, type AddGuardianBody, type AddGuardianInput } from '../api/office-guardians';

const EMPTY: AddGuardianInput = { firstName: '', lastName: '', email: '', phone: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

interface AddGuardianDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The office adds a guardian to the family (issue 31): a new account of the family, e-mailed a link to choose a
 * password. A taken e-mail address is said under the field; a family that is full (four guardians) above the buttons.
 * Mount it afresh for each opening (a key), so the form starts empty.
 */
export function AddGuardianDialog({ userId, open, onOpenChange }: AddGuardianDialogProps) {
  const add = useAddGuardian(userId);
  const pending = add.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<AddGuardianInput, unknown, AddGuardianBody>({ resolver: zodResolver(addGuardianBody), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    add.mutate(values, {
      onSuccess: (guardian) => {
        toast({ title: 'Guardian added', description: `${fullName(guardian)} was emailed a link to choose a password (${guardian.email}).` });
        onOpenChange(false);
      },
      onError: (error) => {
        const message = apiErrorMessage(error, 'Failed to add the guardian');
        const onField = error instanceof ApiError ? error.fieldErrors.filter((p) => (FIELDS as readonly string[]).includes(p.field)) : [];
        for (const problem of onField) form.setError(problem.field as FieldPath<AddGuardianInput>, { type: 'server', message: problem.message });
        if (errorCodeOf(error) === 'EMAIL_TAKEN') form.setError('email', { type: 'server', message });
        else if (onField.length === 0) setRefusal(message);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add guardian</DialogTitle>
          <DialogDescription>They get their own sign-in: we email them a link to choose a password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={pending} className="grid min-w-0 gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First Name" error={errors.firstName?.message}>
                {(control) => <Input autoComplete="off" {...control} {...form.register('firstName')} />}
              </FormField>
              <FormField label="Last Name" error={errors.lastName?.message}>
                {(control) => <Input autoComplete="off" {...control} {...form.register('lastName')} />}
              </FormField>
            </div>
            <FormField label="Email Address" error={errors.email?.message}>
              {(control) => <Input type="email" autoComplete="off" spellCheck={false} {...control} {...form.register('email')} />}
            </FormField>
            <FormField
              label={
                <>
                  Phone <span className="font-normal text-slate-500">(optional)</span>
                </>
              }
              error={errors.phone?.message}
            >
              {(control) => <Input type="tel" inputMode="tel" autoComplete="off" {...control} {...form.register('phone')} />}
            </FormField>
          </fieldset>
          {refusal && (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
              <span>{refusal}</span>
            </p>
          )}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={pending} submitLabel="Add guardian" pendingLabel="Adding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
