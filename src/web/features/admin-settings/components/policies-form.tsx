import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { NO_SHOW_WINDOW_DAYS } from '../../../../shared/rules/attendance';
import { MAX_CREDIT_VALIDITY_DAYS, MAX_CUTOFF_HOURS, MAX_NO_SHOWS, policiesSchema, type Policies } from '../../../../shared/schemas/settings';
import { FormField } from '../../../components/form-field';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../hooks/use-toast';
import { businessSettingQuery } from '../../../lib/admin-queries';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useSaveBusinessSetting } from '../api/save-business-setting';

const POLICY_FIELDS = Object.keys(policiesSchema.shape) as (keyof Policies)[];

/**
 * Settings → Policies (issue 32, decision 028): the cancellation cut-off, make-up credits and how long they last, and
 * the no-show rule. Saved whole with PUT /api/admin/settings/policies; the server applies them from then on.
 */
export function PoliciesForm() {
  const headingId = useId();
  const policies = useQuery(businessSettingQuery('policies'));
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <ScrollText className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle id={headingId}>Policies</CardTitle>
          <CardDescription>
            Cancellations, make-up credits and no-shows. A change applies from now on: credits already given keep their last day.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {policies.isError ? (
          <QueryErrorAlert title="The policies could not be loaded" error={policies.error} onRetry={() => void policies.refetch()} />
        ) : !policies.data ? (
          <div className="grid max-w-md gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the policies
            </span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : (
          <PoliciesFields saved={policies.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PoliciesFields({ saved }: { saved: Policies }) {
  const save = useSaveBusinessSetting('policies');
  const pending = save.isPending;
  const form = useForm<Policies>({ resolver: zodResolver(policiesSchema), defaultValues: saved });
  const { errors } = form.formState;
  // The server's refusal when it names no field of the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  // What the server holds (after a save, or a read that came back changed) is what the form shows.
  useEffect(() => form.reset(saved), [form, saved]);
  const creditsOn = useWatch({ control: form.control, name: 'makeupCreditsEnabled' });
  const noShowRuleOn = useWatch({ control: form.control, name: 'noShowRuleEnabled' });

  const onSubmit = form.handleSubmit((value) => {
    setRefusal(null);
    save.mutate(value, {
      onSuccess: () => toast({ title: 'Policies Saved', description: savedSummary(value) }),
      onError: (error) => {
        const named = POLICY_FIELDS.filter((field) => {
          const message = serverFieldError(error, field);
          if (message) form.setError(field, { type: 'server', message });
          return message !== undefined;
        });
        const message = apiErrorMessage(error, 'Failed to save the policies');
        if (named.length === 0) setRefusal(message);
        toast({ variant: 'destructive', title: 'Error', description: message });
      },
    });
  });

  const numberField = (name: NumberPolicy, min: number, max: number, disabled = false) => ({
    error: errors[name]?.message,
    input: { min, max, disabled: pending || disabled, ...form.register(name, { valueAsNumber: true }) },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-5">
      <NumberField
        label="Cancellation cut-off (hours before the start)"
        hint="Cancelled before the cut-off: the child gets a make-up credit. After it: a late cancellation, no credit."
        {...numberField('cancellationCutoffHours', 0, MAX_CUTOFF_HOURS)}
      />
      <PolicySwitch
        control={form.control}
        name="makeupCreditsEnabled"
        label="Make-up credits"
        hint="On: a child cancelled before the cut-off, or whose session the office closes, gets a credit for one session beyond the weekly limit."
        disabled={pending}
        error={errors.makeupCreditsEnabled?.message}
      />
      <NumberField
        label="Credit validity (days)"
        hint={creditsOn ? 'A credit can be used until the end of this many days after it is given.' : 'Applies again once make-up credits are on.'}
        {...numberField('makeupCreditValidityDays', 1, MAX_CREDIT_VALIDITY_DAYS)}
      />
      <PolicySwitch
        control={form.control}
        name="noShowRuleEnabled"
        label="No-show rule"
        hint="On: a family with this many no-shows cannot book or join a waitlist online until the count drops or the office lifts the pause. The front desk can still book."
        disabled={pending}
        error={errors.noShowRuleEnabled?.message}
      />
      <NumberField
        label={`No-shows in ${NO_SHOW_WINDOW_DAYS} days before a pause`}
        hint={noShowRuleOn ? 'A no-show: a booked session none of its children checked in to.' : 'Turn the no-show rule on to set it.'}
        {...numberField('noShowLimit', 1, MAX_NO_SHOWS, !noShowRuleOn)}
      />
      {refusal && <FormMessage role="alert">{refusal}</FormMessage>}
      <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
        {pending ? 'Saving...' : 'Save Policies'}
      </Button>
    </form>
  );
}

type NumberPolicy = 'cancellationCutoffHours' | 'makeupCreditValidityDays' | 'noShowLimit';

/** A whole-number policy with its label, help and message (the input's props come from react-hook-form's register). */
function NumberField({ label, hint, error, input }: { label: string; hint: string; error: string | undefined; input: ComponentProps<typeof Input> }) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <Input type="number" inputMode="numeric" step={1} className="max-w-32" {...control} {...input} />}
    </FormField>
  );
}

/** An on/off policy: the switch named by its label, described by its help and its message. */
function PolicySwitch({
  control,
  name,
  label,
  hint,
  disabled,
  error,
}: {
  control: Control<Policies>;
  name: 'makeupCreditsEnabled' | 'noShowRuleEnabled';
  label: string;
  hint: string;
  disabled: boolean;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              id={id}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
          )}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <FormMessage id={`${id}-error`}>{error}</FormMessage>
    </div>
  );
}

/** The toast after a save: 'Cut-off 2 hours · make-up credits on, 30 days · no-show rule off'. */
function savedSummary(policies: Policies): string {
  const hours = `${policies.cancellationCutoffHours} ${policies.cancellationCutoffHours === 1 ? 'hour' : 'hours'}`;
  const credits = policies.makeupCreditsEnabled ? `make-up credits on, ${policies.makeupCreditValidityDays} days` : 'make-up credits off';
  const noShows = policies.noShowRuleEnabled ? `no-show rule on, ${policies.noShowLimit} in ${NO_SHOW_WINDOW_DAYS} days` : 'no-show rule off';
  return `Cut-off ${hours} · ${credits} · ${noShows}`;
}
