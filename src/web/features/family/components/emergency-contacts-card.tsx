import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { emergencyContactsBody, MAX_EMERGENCY_CONTACTS, type EmergencyContact } from '../../../../shared/schemas/family';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../hooks/use-toast';
import { ApiError, apiErrorMessage } from '../../../lib/api';
import { useSaveEmergencyContacts } from '../api/save-emergency-contacts';
import type { FamilyScope } from '../api/family-scope';
import { PhoneLink } from '../../../components/phone-link';

export const NO_CONTACTS = 'No emergency contacts yet — add someone we can call if we cannot reach you.';
export const CONTACTS_CAP_HINT = `You can list up to ${MAX_EMERGENCY_CONTACTS} emergency contacts.`;

type ContactsInput = z.input<typeof emergencyContactsBody>;
type ContactsOutput = z.output<typeof emergencyContactsBody>;

const BLANK_CONTACT = { name: '', relationship: '', phone: '' };

/**
 * Issue 31: up to three people to call when the family's guardians cannot be reached (name, relationship, phone).
 * Rows are added and removed here and saved together (PUT, the whole list); the browser checks them with the
 * server's schema first, each problem under its input.
 */
export function EmergencyContactsCard({ contacts, scope }: { contacts: EmergencyContact[]; scope: FamilyScope }) {
  const save = useSaveEmergencyContacts(scope);
  const ids = useId();
  const form = useForm<ContactsInput, unknown, ContactsOutput>({
    resolver: zodResolver(emergencyContactsBody),
    defaultValues: { contacts },
  });
  const rows = useFieldArray({ control: form.control, name: 'contacts' });
  const { errors } = form.formState;
  const pending = save.isPending;
  const full = rows.fields.length >= MAX_EMERGENCY_CONTACTS;
  const phones = useWatch({ control: form.control, name: 'contacts' });

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Emergency contacts saved',
          description: values.contacts.length === 0 ? 'No emergency contacts are listed.' : `${values.contacts.length} of ${MAX_EMERGENCY_CONTACTS} listed.`,
        });
        form.reset(values);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const problem of error.fieldErrors) {
            if (/^contacts\.\d+\.(name|relationship|phone)$/.test(problem.field)) {
              form.setError(problem.field as FieldPath<ContactsInput>, { type: 'server', message: problem.message });
            }
          }
        }
        toast({ variant: 'destructive', title: 'Emergency contacts not saved', description: apiErrorMessage(error, 'Failed to save the emergency contacts') });
      },
    });
  });

  const listError = errors.contacts?.message ?? errors.contacts?.root?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Emergency contacts</CardTitle>
        <CardDescription>People we call if we cannot reach {scope.by === 'office' ? 'the family’s guardians' : 'you or another guardian'}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`} className="grid gap-4">
          {rows.fields.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{NO_CONTACTS}</p>
          ) : (
            <ol className="grid gap-3">
              {rows.fields.map((row, index) => {
                const rowErrors = errors.contacts?.[index];
                const label = `Contact ${index + 1}`;
                const phone = phones?.[index]?.phone ?? '';
                return (
                  <li key={row.id} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm font-semibold text-slate-900">{label}</span>
                      <Button variant="ghost" size="sm" onClick={() => rows.remove(index)} disabled={pending} aria-label={`Remove contact ${index + 1}`}>
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                    <fieldset disabled={pending} className="grid min-w-0 gap-3 sm:grid-cols-3" aria-label={label}>
                      <FormField label="Name" error={rowErrors?.name?.message}>
                        {(control) => <Input autoComplete="off" {...control} {...form.register(`contacts.${index}.name`)} />}
                      </FormField>
                      <FormField label="Relationship" error={rowErrors?.relationship?.message}>
                        {(control) => <Input autoComplete="off" placeholder="e.g. Grandmother" {...control} {...form.register(`contacts.${index}.relationship`)} />}
                      </FormField>
                      <FormField label="Phone" error={rowErrors?.phone?.message}>
                        {(control) => <Input type="tel" autoComplete="off" inputMode="tel" {...control} {...form.register(`contacts.${index}.phone`)} />}
                      </FormField>
                    </fieldset>
                    {!form.formState.dirtyFields.contacts?.[index]?.phone && phone && (
                      <p className="text-sm">
                        <PhoneLink phone={phone} label={`Call ${phones?.[index]?.name || label}`} />
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          <FormMessage role="alert">{listError}</FormMessage>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <Button
                variant="outline"
                onClick={() => rows.append(BLANK_CONTACT, { focusName: `contacts.${rows.fields.length}.name` })}
                disabled={pending || full}
                aria-describedby={`${ids}-cap`}
                className="max-sm:w-full"
              >
                <Plus aria-hidden="true" />
                Add contact
              </Button>
              <p id={`${ids}-cap`} className="text-xs text-slate-600">
                {CONTACTS_CAP_HINT}
              </p>
            </div>
            <Button type="submit" disabled={pending} className="max-sm:w-full">
              {pending ? 'Saving...' : 'Save emergency contacts'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
