import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fullName } from '../../../../shared/rules/format';
import { guardianSelfBody, MAX_GUARDIANS, type Guardian } from '../../../../shared/schemas/family';
import { FormField } from '../../../components/form-field';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useUpdateGuardianSelf } from '../api/update-guardian-self';
import type { FamilyScope } from '../api/family-scope';
import { AddGuardianDialog } from './add-guardian-dialog';
import { PhoneLink } from '../../../components/phone-link';
import { RemoveGuardianDialog } from './remove-guardian-dialog';

export const COPY_ME_LABEL = 'Send me copies of emails about what other guardians do';
export const LAST_GUARDIAN_HINT = 'The only guardian cannot be removed: add another guardian first.';
export const GUARDIANS_FULL_HINT = `A family can have at most ${MAX_GUARDIANS} guardians.`;

/**
 * The family's guardians (issue 31): each with their e-mail and a tap-to-call phone, 'You' for the signed-in one
 * (who sets their own phone and e-mail copies here), 'Invitation sent' until they chose a password. The office adds
 * and removes guardians.
 */
export function GuardiansCard({ guardians, scope }: { guardians: Guardian[]; scope: FamilyScope }) {
  const ids = useId();
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const office = scope.by === 'office' ? scope : null;
  const onlyOne = guardians.length <= 1;
  const full = guardians.length >= MAX_GUARDIANS;
  const you = guardians.find((g) => g.isYou);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Guardians</CardTitle>
          <CardDescription>
            {office ? 'Everyone who signs in for this family.' : 'Everyone who signs in for your family. Call the office to add or remove a guardian.'}
          </CardDescription>
        </div>
        {office && (
          <div className="grid gap-1 max-sm:w-full">
            <Button
              variant="outline"
              onClick={() => {
                setAddKey((k) => k + 1);
                setAdding(true);
              }}
              disabled={full}
              aria-describedby={full ? `${ids}-full` : undefined}
              className="max-sm:w-full"
            >
              <UserPlus aria-hidden="true" />
              Add guardian
            </Button>
            {full && (
              <p id={`${ids}-full`} className="text-xs text-slate-600">
                {GUARDIANS_FULL_HINT}
              </p>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-3" aria-label="Guardians">
          {guardians.map((guardian) => (
            <li key={guardian.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="grid min-w-0 gap-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{fullName(guardian)}</span>
                  {guardian.isYou && <Badge variant="brand">You</Badge>}
                  {!guardian.hasPassword && (
                    <Badge variant="warning">
                      <Mail aria-hidden="true" />
                      Invitation sent
                    </Badge>
                  )}
                </div>
                <span className="text-slate-600 [overflow-wrap:anywhere]">{guardian.email}</span>
                <PhoneLink phone={guardian.phone} label={`Call ${fullName(guardian)}`} />
              </div>
              {office && (
                <div className="grid gap-1 sm:justify-items-end">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRemoving(guardian)}
                    disabled={onlyOne}
                    aria-label={`Remove ${fullName(guardian)}`}
                    aria-describedby={onlyOne ? `${ids}-last` : undefined}
                    className="max-sm:w-full"
                  >
                    Remove
                  </Button>
                  {onlyOne && (
                    <p id={`${ids}-last`} className="text-xs text-slate-600">
                      {LAST_GUARDIAN_HINT}
                    </p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        {/* Keyed by the guardian only: a save's refetch must not remount it (a call's own onSuccess, the toast, would be lost). */}
        {!office && you && <OwnGuardianSettings key={you.id} you={you} />}
      </CardContent>
      {office && (
        <>
          <AddGuardianDialog key={addKey} userId={office.userId} open={adding} onOpenChange={setAdding} />
          <RemoveGuardianDialog userId={office.userId} guardian={removing} onOpenChange={(open) => !open && setRemoving(null)} />
        </>
      )}
    </Card>
  );
}

type GuardianSelfInput = z.input<typeof guardianSelfBody>;
type GuardianSelfOutput = z.output<typeof guardianSelfBody>;

/** The signed-in guardian's phone (Save) and e-mail copies switch (saved at once). */
function OwnGuardianSettings({ you }: { you: Guardian }) {
  const ids = useId();
  const update = useUpdateGuardianSelf();
  const [copyMe, setCopyMe] = useState(you.copyMe);
  const form = useForm<GuardianSelfInput, unknown, GuardianSelfOutput>({
    resolver: zodResolver(guardianSelfBody),
    defaultValues: { phone: you.phone ?? '' },
  });
  const phoneError = form.formState.errors.phone?.message;

  const onSubmit = form.handleSubmit(({ phone }) => {
    update.mutate(
      { phone },
      {
        onSuccess: () => toast({ title: 'Phone saved', description: phone ? `We’ll call you at ${phone}.` : 'Your phone number was removed.' }),
        onError: (error) => {
          const message = serverFieldError(error, 'phone');
          if (message) form.setError('phone', { type: 'server', message });
          toast({ variant: 'destructive', title: 'Phone not saved', description: apiErrorMessage(error, 'Failed to save your phone') });
        },
      },
    );
  });

  const flipCopyMe = (next: boolean) => {
    setCopyMe(next);
    update.mutate(
      { copyMe: next },
      {
        onSuccess: (saved) => {
          if (typeof saved?.copyMe === 'boolean') setCopyMe(saved.copyMe);
          toast({
            title: next ? 'Email copies on' : 'Email copies off',
            description: next
              ? 'You’ll get a copy when another guardian books, cancels or changes a session.'
              : 'You’ll get emails only about what you do.',
          });
        },
        onError: (error) => {
          setCopyMe(!next);
          toast({ variant: 'destructive', title: 'Setting not saved', description: apiErrorMessage(error, 'Failed to save the setting') });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid gap-4 border-t border-slate-200 pt-4">
      <h3 id={`${ids}-heading`} className="text-base font-semibold text-slate-900">
        Your contact settings
      </h3>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-sm">
        <FormField label="Your phone" hint="So the office and the coaches can reach you." error={phoneError}>
          {(control) => <Input type="tel" inputMode="tel" autoComplete="tel" disabled={update.isPending} {...control} {...form.register('phone')} />}
        </FormField>
        <Button type="submit" disabled={update.isPending} className="w-fit max-sm:w-full">
          Save phone
        </Button>
      </form>
      <div className="flex items-start gap-3">
        <Switch id={`${ids}-copy`} checked={copyMe} onCheckedChange={flipCopyMe} disabled={update.isPending} aria-describedby={`${ids}-copy-hint`} />
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-copy`} className="leading-snug">
            {COPY_ME_LABEL}
          </Label>
          <p id={`${ids}-copy-hint`} className="text-xs text-slate-600">
            Bookings, cancellations and changes another guardian makes. Your own are always emailed to you.
          </p>
        </div>
      </div>
    </section>
  );
}
