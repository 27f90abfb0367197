import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateClassTypeBody, type ClassTypeDto } from '../../../../shared/schemas/classes';
import { MAX_CAPACITY, MIN_CAPACITY } from '../../../../shared/schemas/session-fields';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useUpdateClassType } from '../api/update-class-type';

type ClassTypeFormInput = z.input<typeof updateClassTypeBody>;
type ClassTypeFormOutput = z.output<typeof updateClassTypeBody>;

interface EditClassTypeDialogProps {
  /** The class type being edited; kept while the dialog animates closed. */
  classType: ClassTypeDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2, 'Edit Class Type': name (required) and description; spec 5 validation; spec 8 toasts. Issue 33: the
 * capacity and location the class's new sessions start with.
 */
export function EditClassTypeDialog({ classType, open, onOpenChange, onCloseAutoFocus }: EditClassTypeDialogProps) {
  const updateClassType = useUpdateClassType();
  const pending = updateClassType.isPending;
  return (
    // While saving, Escape and the overlay do nothing, so the result is never missed.
    <Dialog open={open && classType !== null} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {classType && (
          <EditClassTypeForm
            key={classType.id}
            classType={classType}
            pending={pending}
            onClose={() => onOpenChange(false)}
            onSave={(body, callbacks) => updateClassType.mutate({ classTypeId: classType.id, ...body }, callbacks)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface EditClassTypeFormProps {
  classType: ClassTypeDto;
  pending: boolean;
  onClose: () => void;
  onSave: (body: ClassTypeFormOutput, callbacks: { onSuccess: (saved: ClassTypeDto) => void; onError: (error: Error) => void }) => void;
}

function EditClassTypeForm({ classType, pending, onClose, onSave }: EditClassTypeFormProps) {
  const form = useForm<ClassTypeFormInput, unknown, ClassTypeFormOutput>({
    resolver: zodResolver(updateClassTypeBody),
    defaultValues: {
      name: classType.name,
      description: classType.description ?? '',
      defaultCapacity: classType.defaultCapacity,
      defaultLocation: classType.defaultLocation,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    onSave(body, {
      onSuccess: (saved) => {
        toast({ title: 'Class Type Updated', description: `${saved.name} has been saved.` });
        onClose();
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update class type') });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit Class Type</DialogTitle>
        <DialogDescription>
          {`Change what parents see for ${classType.name} (code ${classType.code}), and what its new sessions start with. The code and the ages stay as they are.`}
        </DialogDescription>
      </DialogHeader>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" disabled={pending} {...form.register('name')} />}
      </FormField>
      <FormField label="Description" hint="Optional. Shown to parents in the booking dialog." error={errors.description?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            disabled={pending}
            className="flex min-h-24 w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30 md:text-sm"
            {...form.register('description')}
          />
        )}
      </FormField>
      <fieldset disabled={pending} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">New sessions of this class</legend>
        <div className="grid grid-cols-[7rem_1fr] gap-4">
          <FormField label="Default capacity" error={errors.defaultCapacity?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={MIN_CAPACITY}
                max={MAX_CAPACITY}
                step={1}
                {...form.register('defaultCapacity', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label="Default location" error={errors.defaultLocation?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('defaultLocation')} />}
          </FormField>
        </div>
        <p className="text-xs text-slate-600">Creating a session or a series fills these in; sessions already made keep theirs.</p>
      </fieldset>
      <FormDialogFooter className="pt-2" onCancel={onClose} pending={pending} submitLabel="Save" pendingLabel="Saving..." />
    </form>
  );
}
