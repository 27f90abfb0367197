import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { childSexLabel } from '../../../../shared/rules/child-details';
import { torontoDateKey } from '../../../../shared/rules/week';
import { CHILD_SEXES } from '../../../../shared/schemas/children';
import { childProfileBody, MEDICAL_NOTES_MAX, PHOTO_CONSENTS, type ChildProfile, type ChildProfileBody } from '../../../../shared/schemas/family';
import { FormField } from '../../../components/form-field';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, ApiError, errorCodeOf } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { useSaveChildProfile } from '../api/save-child-profile';
import type { FamilyScope } from '../api/family-scope';

export const RECORDED_HINT = 'Recorded — call the office to correct it';
export const NEEDS_ATTENTION_LABEL = 'Needs attention at the door (allergy, EpiPen, condition)';
const PHOTO_CONSENT_LABELS = { GIVEN: 'Given', REFUSED: 'Refused' } as const;

/** The card's form: the body's own schema, photo consent read from its radios ('' while not answered). */
const childProfileForm = childProfileBody.extend({
  photoConsent: z.enum(['', ...PHOTO_CONSENTS], { error: 'Photo consent must be GIVEN or REFUSED' }).transform((value) => (value === '' ? null : value)),
});
type ChildProfileFormInput = z.input<typeof childProfileForm>;
type ChildProfileFormOutput = z.output<typeof childProfileForm>;

/** The form's starting values: a guardian's date of birth and sex inputs start empty (they show only while missing). */
function formValuesOf(child: ChildProfile, office: boolean): ChildProfileFormInput {
  return {
    birthDate: office ? (child.birthDate ?? '') : '',
    sex: office ? (child.sex ?? '') : '',
    medicalNotes: child.medicalNotes ?? '',
    needsAttention: child.needsAttention,
    photoConsent: child.photoConsent ?? '',
  };
}

/**
 * What Save sends. The notes and the flag always (the notes are the whole text); photo consent once answered; the
 * office's date of birth and sex always (it may correct or clear them); a guardian's only when recording a missing one.
 */
export function childProfileBodyOf(values: ChildProfileFormOutput, child: ChildProfile, office: boolean): ChildProfileBody {
  const body: ChildProfileBody = { medicalNotes: values.medicalNotes, needsAttention: values.needsAttention ?? false };
  if (values.photoConsent) body.photoConsent = values.photoConsent;
  if (office) return { birthDate: values.birthDate ?? null, sex: values.sex ?? null, ...body };
  if (child.birthDate === null && values.birthDate) body.birthDate = values.birthDate;
  if (child.sex === null && values.sex) body.sex = values.sex;
  return body;
}

const FORM_FIELDS = ['birthDate', 'sex', 'medicalNotes', 'needsAttention', 'photoConsent'] as const;
const isFormField = (field: string): field is (typeof FORM_FIELDS)[number] => (FORM_FIELDS as readonly string[]).includes(field);

interface ChildProfileCardProps {
  child: ChildProfile;
  scope: FamilyScope;
}

/**
 * One child's profile (issue 31): date of birth and sex (a guardian records them while missing; once recorded, only
 * the office changes them), medical notes with the 'needs attention' flag the door and the roster show, and photo
 * consent. Saved on its own with the card's Save button.
 */
export function ChildProfileCard({ child, scope }: ChildProfileCardProps) {
  const office = scope.by === 'office';
  const save = useSaveChildProfile(scope);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const today = torontoDateKey(useNow(3_600_000));
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const form = useForm<ChildProfileFormInput, unknown, ChildProfileFormOutput>({
    resolver: zodResolver(childProfileForm),
    defaultValues: formValuesOf(child, office),
  });
  const { errors } = form.formState;
  const birthDateLocked = !office && child.birthDate !== null;
  const sexLocked = !office && child.sex !== null;
  const pending = save.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setLockMessage(null);
    save.mutate(
      { childId: child.id, body: childProfileBodyOf(values, child, office) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Profile saved', description: `${child.name}’s profile is up to date.` });
          // The saved profile as the server keeps it (what was sent, when the answer has no profile).
          form.reset(saved && typeof saved === 'object' && 'id' in saved ? formValuesOf(saved, office) : form.getValues());
        },
        onError: (error) => {
          const message = apiErrorMessage(error, 'Failed to save the profile');
          if (errorCodeOf(error) === 'CHILD_DETAIL_LOCKED') setLockMessage(message);
          if (error instanceof ApiError) {
            for (const problem of error.fieldErrors) {
              if (isFormField(problem.field)) form.setError(problem.field as FieldPath<ChildProfileFormInput>, { type: 'server', message: problem.message });
            }
          }
          toast({ variant: 'destructive', title: 'Profile not saved', description: message });
        },
      },
    );
  });

  const photoConsent = useWatch({ control: form.control, name: 'photoConsent' });
  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {child.name}
            </h3>
            {child.needsAttention && (
              <Badge variant="danger">
                <TriangleAlert aria-hidden="true" />
                Needs attention
              </Badge>
            )}
          </div>
          <fieldset disabled={pending} className="grid min-w-0 gap-5">
            <div className="grid gap-4 sm:grid-cols-2">
              {birthDateLocked ? (
                <RecordedDetail label="Date of birth" value={child.birthDate ?? ''} />
              ) : (
                <FormField
                  label="Date of birth"
                  error={errors.birthDate?.message}
                  hint={office ? undefined : 'Check it before saving: once recorded, only the office can change it.'}
                >
                  {(control) => <Input type="date" max={today} {...control} {...form.register('birthDate')} />}
                </FormField>
              )}
              {sexLocked ? (
                <RecordedDetail label="Sex" value={childSexLabel(child.sex)} />
              ) : (
                <FormField label="Sex" error={errors.sex?.message}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register('sex')}>
                      <option value="">{office ? 'Not recorded' : 'Choose…'}</option>
                      {CHILD_SEXES.map((sex) => (
                        <option key={sex} value={sex}>
                          {childSexLabel(sex)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              )}
              {lockMessage && (
                <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:col-span-2">
                  <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                  <span>{lockMessage}</span>
                </p>
              )}
            </div>
            <FormField
              label="Medical notes"
              hint="Allergies, conditions, medication: what our coaches should know."
              error={errors.medicalNotes?.message}
            >
              {(control) => (
                <textarea
                  rows={3}
                  {...control}
                  {...form.register('medicalNotes')}
                  className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 aria-invalid:border-red-600 md:text-sm"
                  placeholder={`Up to ${MEDICAL_NOTES_MAX} characters`}
                />
              )}
            </FormField>
            <div className="flex items-start gap-3">
              <Checkbox id={`${ids}-attention`} {...form.register('needsAttention')} />
              <Label htmlFor={`${ids}-attention`} className="leading-snug">
                {NEEDS_ATTENTION_LABEL}
              </Label>
            </div>
            <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.photoConsent ? `${ids}-consent-error` : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-800">Photo consent</legend>
              <p className="-mt-1 text-xs text-slate-600">
                May we use photos of {child.name} taken at sessions?{' '}
                {photoConsent === '' && <span className="font-medium text-slate-800">Not answered yet.</span>}
              </p>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {PHOTO_CONSENTS.map((value) => (
                  <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-slate-800">
                    <input type="radio" value={value} className="size-4 accent-brand-600" {...form.register('photoConsent')} />
                    {PHOTO_CONSENT_LABELS[value]}
                  </label>
                ))}
              </div>
              <FormMessage id={`${ids}-consent-error`}>{errors.photoConsent?.message}</FormMessage>
            </fieldset>
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={pending} aria-label={`Save ${child.name}’s profile`} className={cn('max-sm:w-full')}>
              {pending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** A date of birth or sex a guardian can no longer change: the value, and who corrects it. */
function RecordedDetail({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid content-start gap-2" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <span id={`${id}-label`} className="text-sm font-medium leading-none text-slate-800">
        {label}
      </span>
      <span className="flex h-10 items-center rounded-md border border-slate-200 bg-slate-50 px-3 text-base text-slate-900 md:text-sm">{value}</span>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {RECORDED_HINT}
      </p>
    </div>
  );
}
