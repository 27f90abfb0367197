import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { sessionsAWeek } from '../../../../shared/rules/plans';
import { planLimitsSchema, type PlanLimits } from '../../../../shared/schemas/settings';
import { MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT, PLAN_TIERS } from '../../../../shared/schemas/users';
import { FormField } from '../../../components/form-field';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { businessSettingQuery } from '../../../lib/admin-queries';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useSaveBusinessSetting } from '../api/save-business-setting';

/**
 * Settings → Plans (issue 31): each plan tier's weekly sessions per child, the limit a child gets when the CRM or a
 * CSV row sets the family's plan without naming one for the child. Saved with PUT /api/admin/settings/plans.
 */
export function PlanLimitsForm() {
  const headingId = useId();
  const plans = useQuery(businessSettingQuery('plans'));
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Layers className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle id={headingId}>Plans</CardTitle>
          <CardDescription>
            Weekly sessions per child on each plan, from {MIN_WEEKLY_LIMIT} to {MAX_WEEKLY_LIMIT}. When the CRM or a CSV import sets a family&apos;s
            plan without a weekly limit for a child, the child gets the plan&apos;s. A limit set for the child stays theirs.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {plans.isError ? (
          <QueryErrorAlert title="The plans could not be loaded" error={plans.error} onRetry={() => void plans.refetch()} />
        ) : !plans.data ? (
          <div className="grid max-w-md gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the plans
            </span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : (
          <PlanLimitsFields saved={plans.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PlanLimitsFields({ saved }: { saved: PlanLimits }) {
  const save = useSaveBusinessSetting('plans');
  const pending = save.isPending;
  const form = useForm<PlanLimits>({ resolver: zodResolver(planLimitsSchema), defaultValues: saved });
  const { errors } = form.formState;
  // What the server holds (after a save, or a read that came back changed) is what the form shows.
  useEffect(() => form.reset(saved), [form, saved]);

  const onSubmit = form.handleSubmit((value) => {
    save.mutate(value, {
      onSuccess: () => toast({ title: 'Plans Saved', description: PLAN_TIERS.map((tier) => `${tier}: ${sessionsAWeek(value[tier])}`).join(', ') }),
      onError: (error) => {
        for (const tier of PLAN_TIERS) {
          const message = serverFieldError(error, tier);
          if (message) form.setError(tier, { type: 'server', message });
        }
        toast({ variant: 'destructive', title: 'Error', description: apiErrorMessage(error, 'Failed to save the plans') });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {PLAN_TIERS.map((tier) => (
          <FormField key={tier} label={`Plan ${tier}`} hint="Sessions a week per child" error={errors[tier]?.message}>
            {(control) => (
              <Input
                type="number"
                inputMode="numeric"
                min={MIN_WEEKLY_LIMIT}
                max={MAX_WEEKLY_LIMIT}
                step={1}
                disabled={pending}
                {...control}
                {...form.register(tier, { valueAsNumber: true })}
              />
            )}
          </FormField>
        ))}
      </div>
      <Button type="submit" className="w-full sm:w-fit" disabled={pending}>
        {pending ? 'Saving...' : 'Save Plans'}
      </Button>
    </form>
  );
}
