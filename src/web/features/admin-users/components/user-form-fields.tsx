import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ASSIGNABLE_ROLES } from '../../../../shared/schemas/admin-users';
import { childSexLabel } from '../../../../shared/rules/child-details';
import { torontoDateKey } from '../../../../shared/rules/week';
import { CHILD_SEXES, MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT, PLAN_TIERS } from '../../../../shared/schemas/users';
import { FormField } from '../../../components/form-field';
import { useNow } from '../../../lib/use-now';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { ROLE_LABELS } from './user-format';

/** One registered control and its validation message. */
export interface FieldBinding {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

const WEEKLY_CHOICES = Array.from({ length: MAX_WEEKLY_LIMIT - MIN_WEEKLY_LIMIT + 1 }, (_, i) => MIN_WEEKLY_LIMIT + i);
const PLAN_LABELS = { ONE: 'One', TWO: 'Two', THREE: 'Three' } as const;
const ORDINALS = ['1st', '2nd', '3rd', '4th'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-3 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** First Name, Last Name, Email Address (and, on create, the optional password). */
export function AccountFields({
  firstName,
  lastName,
  email,
  password,
  lockedReason,
}: {
  firstName: FieldBinding;
  lastName: FieldBinding;
  email: FieldBinding;
  password?: ReactNode;
  /** When the name and e-mail cannot be changed here: why (shown above the disabled fields). */
  lockedReason?: string | undefined;
}) {
  const locked = Boolean(lockedReason);
  return (
    <Section title="Account">
      {lockedReason && <p className="-mt-2 text-xs text-slate-600">{lockedReason}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={firstName.error}>
          {(control) => <Input autoComplete="off" {...control} {...firstName.registration} disabled={locked || firstName.registration.disabled} />}
        </FormField>
        <FormField label="Last Name" error={lastName.error}>
          {(control) => <Input autoComplete="off" {...control} {...lastName.registration} disabled={locked || lastName.registration.disabled} />}
        </FormField>
      </div>
      <FormField label="Email Address" error={email.error}>
        {(control) => (
          <Input type="email" autoComplete="off" spellCheck={false} {...control} {...email.registration} disabled={locked || email.registration.disabled} />
        )}
      </FormField>
      {password}
    </Section>
  );
}

/** Plan tier, the weekly sessions selector (1 to 7) and the role selector (Parent or Admin). */
export function PlanAndRoleFields({
  planTier,
  weeklyLimit,
  role,
  roleLockedReason,
}: {
  planTier: FieldBinding;
  weeklyLimit: FieldBinding;
  role: FieldBinding;
  /** When the role cannot be changed here: why (shown under the disabled selector). */
  roleLockedReason?: string | undefined;
}) {
  return (
    <Section title="Plan and role">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Plan Tier" error={planTier.error}>
          {(control) => (
            <NativeSelect {...control} {...planTier.registration}>
              {PLAN_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {PLAN_LABELS[tier]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Weekly Sessions" error={weeklyLimit.error}>
          {(control) => (
            <NativeSelect {...control} {...weeklyLimit.registration}>
              {WEEKLY_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'session' : 'sessions'}/week
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Role" error={role.error} hint={roleLockedReason}>
          {(control) => (
            <NativeSelect {...control} {...role.registration} disabled={Boolean(roleLockedReason) || role.registration.disabled}>
              {ASSIGNABLE_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </Section>
  );
}

/**
 * Spec 2: 'children information', 4 slots of a name and a 'Weekly Session Limit' (a number 1 to 7). The edit
 * dialog labels the 1st child required and the others optional; a blank name means no child in that slot.
 */
export function ChildrenFields({
  slots,
  firstRequired,
}: {
  slots: ReadonlyArray<{ name: FieldBinding; limit: FieldBinding; birthDate: FieldBinding; sex: FieldBinding }>;
  firstRequired: boolean;
}) {
  // The date picker offers no day after today (Toronto): a date of birth is in the past.
  const today = torontoDateKey(useNow(3_600_000));
  return (
    <Section title="Children Information">
      <p className="-mt-2 text-xs text-slate-600">
        Up to four children. Each child&apos;s weekly session limit is a whole number from 1 to 7; leave a name blank for no child.
        Date of birth and sex are optional: when recorded, classes outside the child&apos;s ages (or girls-only classes, for a boy)
        cannot be booked for them.
      </p>
      <ol className="grid gap-3">
        {slots.map(({ name, limit, birthDate, sex }, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <FormField
              label={
                <>
                  {ORDINALS[i]} Child Name{' '}
                  <span className="font-normal text-slate-500">{i === 0 && firstRequired ? '(required)' : '(optional)'}</span>
                </>
              }
              error={name.error}
            >
              {(control) => <Input autoComplete="off" {...control} {...name.registration} />}
            </FormField>
            <FormField
              label={
                <>
                  <span className="sr-only">{ORDINALS[i]} Child </span>Weekly Session Limit
                </>
              }
              error={limit.error}
            >
              {(control) => (
                <Input type="number" inputMode="numeric" min={MIN_WEEKLY_LIMIT} max={MAX_WEEKLY_LIMIT} step={1} {...control} {...limit.registration} />
              )}
            </FormField>
            <FormField
              label={
                <>
                  <span className="sr-only">{ORDINALS[i]} Child </span>Date of birth
                </>
              }
              error={birthDate.error}
            >
              {(control) => <Input type="date" max={today} {...control} {...birthDate.registration} />}
            </FormField>
            <FormField
              label={
                <>
                  <span className="sr-only">{ORDINALS[i]} Child </span>Sex
                </>
              }
              error={sex.error}
            >
              {(control) => (
                <NativeSelect {...control} {...sex.registration}>
                  <option value="">{childSexLabel(null)}</option>
                  {CHILD_SEXES.map((value) => (
                    <option key={value} value={value}>
                      {childSexLabel(value)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </li>
        ))}
      </ol>
    </Section>
  );
}
