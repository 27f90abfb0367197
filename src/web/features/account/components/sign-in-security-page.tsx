import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatTableDate } from '../../../../shared/rules/format';
import { isStaffRole } from '../../../../shared/rules/roles';
import type { AuthenticatorSetUpResponse, PasskeyDto, RecoveryCodesResponse } from '../../../../shared/schemas/second-factor';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, apiRequest } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useQrCodeImage } from '../../../lib/qr-code';
import { addPasskeyHere, factorsKeys, factorsQuery, isPasskeyCancel, passkeysSupported } from '../../../lib/second-factor';

/**
 * Issue 34, /account/security ('Passkeys and codes' in the user menu): the account's passkeys (add one on this device,
 * remove one), and for staff the authenticator app (set up with its QR code and a first code, turned off) with ten
 * recovery codes shown once. `setUpFirst`: a staff member under STAFF_TWO_STEP=required who has no factor yet sees this
 * page before anything else.
 */
export function SignInSecurityPage({ setUpFirst = false }: { setUpFirst?: boolean }) {
  usePageTitle(setUpFirst ? 'Add a second way to sign in' : 'Passkeys and codes');
  const { user } = useAuth();
  const factors = useQuery({ ...factorsQuery(), refetchOnMount: 'always' });
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const staff = isStaffRole(user?.role);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{setUpFirst ? 'Add a second way to sign in' : 'Passkeys and codes'}</h1>
        <p className="mt-1 text-slate-600">
          {setUpFirst
            ? 'Staff accounts sign in with a password and a passkey or an authenticator app. Add one now: the rest of the portal opens once you have.'
            : staff
              ? 'Your password is followed by a code from your authenticator app or your passkey. A passkey can also sign you in on its own.'
              : 'A passkey signs you in with your fingerprint, face or screen lock instead of typing your password.'}
        </p>
      </div>
      {shownCodes && <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />}
      {factors.isError ? (
        <QueryErrorAlert title="Your sign-in methods could not be loaded" error={factors.error} onRetry={() => void factors.refetch()} />
      ) : !factors.data ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your sign-in methods
          </span>
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <PasskeysCard passkeys={factors.data.passkeys} mustKeep={factors.data.required && !factors.data.authenticator && factors.data.passkeys.length === 1} />
          {staff && (
            <AuthenticatorCard
              on={factors.data.authenticator}
              recoveryCodesLeft={factors.data.recoveryCodesLeft}
              mustKeep={factors.data.required && factors.data.passkeys.length === 0}
              onCodes={setShownCodes}
            />
          )}
        </>
      )}
    </div>
  );
}

function useRefreshFactors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: factorsKeys.all });
}

function PasskeysCard({ passkeys, mustKeep }: { passkeys: PasskeyDto[]; mustKeep: boolean }) {
  const ids = useId();
  const refresh = useRefreshFactors();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const [supported] = useState(passkeysSupported);
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/me/factors/passkeys/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      setRemoving(null);
      toast({ title: 'Passkey removed' });
      await refresh();
    },
  });

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdding(true);
    setError(null);
    try {
      await addPasskeyHere(name.trim() || undefined);
      setName('');
      toast({ title: 'Passkey added', description: 'Next time, sign in with it.' });
      await refresh();
    } catch (failure) {
      if (!isPasskeyCancel(failure)) setError(apiErrorMessage(failure, 'The passkey could not be added. Try again.'));
    } finally {
      setAdding(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Fingerprint aria-hidden="true" className="size-5 text-brand-700" />
          Passkeys
        </CardTitle>
        <CardDescription>Your fingerprint, face or screen lock on a phone or computer you use.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">No passkey yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="grid gap-2">
            {passkeys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{key.name}</p>
                  <p className="text-xs text-slate-600">
                    {`Added ${formatTableDate(key.createdAt)}`}
                    {key.lastUsedAt ? ` · last used ${formatTableDate(key.lastUsedAt)}` : ' · not used yet'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove the passkey ${key.name}`}
                  disabled={mustKeep}
                  title={mustKeep ? 'Staff keep at least one way: add another before removing this one.' : undefined}
                  onClick={() => setRemoving(key)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {supported ? (
          <form onSubmit={(event) => void add(event)} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-name`}>Name (optional)</Label>
              <Input id={`${ids}-name`} value={name} maxLength={60} placeholder="This phone" onChange={(event) => setName(event.target.value)} />
            </div>
            <Button type="submit" disabled={adding}>
              <Fingerprint aria-hidden="true" />
              {adding ? 'Waiting for your device...' : 'Add a passkey on this device'}
            </Button>
            <FormMessage className="sm:col-span-2">{error}</FormMessage>
          </form>
        ) : (
          <p className="text-sm text-slate-600">This browser cannot make passkeys.</p>
        )}
        {mustKeep && <p className="text-xs text-slate-600">Staff keep at least one passkey or authenticator app.</p>}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this passkey?"
        description={removing ? `${removing.name} will no longer sign you in.` : ''}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive
        error={remove.error ? apiErrorMessage(remove.error, 'The passkey could not be removed.') : undefined}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </Card>
  );
}

function AuthenticatorCard({
  on,
  recoveryCodesLeft,
  mustKeep,
  onCodes,
}: {
  on: boolean;
  recoveryCodesLeft: number;
  mustKeep: boolean;
  onCodes: (codes: string[]) => void;
}) {
  const refresh = useRefreshFactors();
  const [setUp, setSetUp] = useState<AuthenticatorSetUpResponse | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const begin = useMutation({
    mutationFn: () => apiRequest<AuthenticatorSetUpResponse>('POST', '/api/me/factors/authenticator'),
    onSuccess: setSetUp,
    onError: (error) => toast({ variant: 'destructive', title: 'Could not start', description: apiErrorMessage(error, 'Please try again.') }),
  });
  const turnOff = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/me/factors/authenticator'),
    onSuccess: async () => {
      setTurningOff(false);
      toast({ title: 'Authenticator app turned off' });
      await refresh();
    },
  });
  const renew = useMutation({
    mutationFn: () => apiRequest<RecoveryCodesResponse>('POST', '/api/me/factors/recovery-codes'),
    onSuccess: async (answer) => {
      onCodes(answer.recoveryCodes);
      await refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'No new codes', description: apiErrorMessage(error, 'Please try again.') }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone aria-hidden="true" className="size-5 text-brand-700" />
          Authenticator app
          {on && <Badge variant="success">On</Badge>}
        </CardTitle>
        <CardDescription>A 6-digit code from an app such as Google Authenticator, 1Password or Microsoft Authenticator.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {on ? (
          <>
            <p className="text-sm text-slate-700">{`${recoveryCodesLeft} of 10 recovery codes left.`}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => renew.mutate()} disabled={renew.isPending}>
                <KeyRound aria-hidden="true" />
                New recovery codes
              </Button>
              <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setTurningOff(true)} disabled={mustKeep}>
                Turn off
              </Button>
            </div>
            {mustKeep && <p className="text-xs text-slate-600">Add a passkey before turning the app off: staff keep at least one.</p>}
          </>
        ) : setUp ? (
          <ConfirmAuthenticator
            setUp={setUp}
            onDone={async (codes) => {
              setSetUp(null);
              onCodes(codes);
              await refresh();
            }}
            onCancel={() => setSetUp(null)}
          />
        ) : (
          <Button className="justify-self-start" onClick={() => begin.mutate()} disabled={begin.isPending}>
            <ShieldCheck aria-hidden="true" />
            Set up an authenticator app
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title="Turn off the authenticator app?"
        description="Its codes and your recovery codes will no longer sign you in."
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        pending={turnOff.isPending}
        destructive
        error={turnOff.error ? apiErrorMessage(turnOff.error, 'The app could not be turned off.') : undefined}
        onConfirm={() => turnOff.mutate()}
      />
    </Card>
  );
}

/** The QR code (and the secret to type), then the first code that turns the app on. */
function ConfirmAuthenticator({ setUp, onDone, onCancel }: { setUp: AuthenticatorSetUpResponse; onDone: (codes: string[]) => Promise<void>; onCancel: () => void }) {
  const ids = useId();
  const qr = useQrCodeImage(setUp.uri);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (typed: string) => apiRequest<RecoveryCodesResponse>('POST', '/api/me/factors/authenticator/confirm', { code: typed }),
    onSuccess: (answer) => onDone(answer.recoveryCodes),
    onError: (failure) => setError(apiErrorMessage(failure, 'That code is not right.')),
  });

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!/^\d{6}$/.test(code.trim())) {
          setError('Enter the 6-digit code your app shows');
          return;
        }
        setError(null);
        confirm.mutate(code.trim());
      }}
    >
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-slate-700">
        <li>
          Scan this code with your authenticator app.
          <div className="mt-2 size-44 overflow-hidden rounded-lg border border-slate-200 bg-white p-1">
            {qr ? (
              <img src={qr} alt="QR code to add this account to your authenticator app" width={168} height={168} className="size-full [image-rendering:pixelated]" />
            ) : (
              <div role="img" aria-label="QR code (loading)" className="size-full animate-pulse rounded bg-slate-100" />
            )}
          </div>
          <p className="mt-2 break-all text-xs text-slate-600">
            {'Or type this key: '}
            <code className="font-mono text-slate-900" data-testid="authenticator-secret">
              {setUp.secret}
            </code>
          </p>
        </li>
        <li>
          <Label htmlFor={`${ids}-code`}>Type the 6-digit code it shows</Label>
          <Input
            id={`${ids}-code`}
            className="mt-1.5 max-w-40"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
          <FormMessage id={`${ids}-error`}>{error}</FormMessage>
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-4">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900">
        Your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-1 font-mono text-base text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy the recovery codes" description="The recovery codes are on the clipboard">
          Copy
        </CopyButton>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}
