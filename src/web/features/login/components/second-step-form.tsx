import { Fingerprint, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { SecondFactorNeeded } from '../../../../shared/schemas/second-factor';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, apiRequest, errorCodeOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { isPasskeyCancel, passkeysSupported, signInWithPasskey } from '../../../lib/second-factor';

/** A six-digit code, or a recovery code (16 letters and digits, dashes and spaces allowed), as the server reads it. */
const looksLikeCode = (value: string) => {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return /^\d{6}$/.test(compact) || /^[A-Z2-7]{16}$/.test(compact);
};

/**
 * Issue 34, the sign-in's second step (staff with a passkey or an authenticator app): the code from the app (or a
 * recovery code), or the passkey; errors under the field; 'Start over' goes back to the password.
 */
export function SecondStepForm({ step }: { step: SecondFactorNeeded }) {
  const ids = useId();
  const { completeSignIn, cancelSecondStep } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const withCode = step.methods.includes('code');
  const withPasskey = step.methods.includes('passkey') && passkeysSupported();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeCode(code)) {
      setError('Enter the 6-digit code from your app, or a recovery code');
      inputRef.current?.focus();
      return;
    }
    setBusy('code');
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/second-factor', { code });
      await completeSignIn();
    } catch (failure) {
      if (errorCodeOf(failure) === 'SECOND_FACTOR_EXPIRED') {
        // Too long, or too many wrong codes: back to the password, saying why.
        toast({ variant: 'destructive', title: 'Sign in again', description: apiErrorMessage(failure, 'Your sign-in timed out.') });
        cancelSecondStep();
        return;
      }
      setError(apiErrorMessage(failure, 'That code is not right.'));
      setCode('');
      inputRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function confirmWithPasskey() {
    setBusy('passkey');
    setError(null);
    try {
      await signInWithPasskey();
      await completeSignIn();
    } catch (failure) {
      if (!isPasskeyCancel(failure)) setError(apiErrorMessage(failure, 'That passkey could not sign you in. Try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-5" role="group" aria-labelledby={`${ids}-title`}>
      <div>
        <h3 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
          One more step
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {withCode ? 'Enter the 6-digit code your authenticator app shows for this account.' : 'Confirm it is you with your passkey.'}
        </p>
      </div>
      {withCode && (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-code`}>Code</Label>
            <Input
              ref={inputRef}
              id={`${ids}-code`}
              autoFocus
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              autoCapitalize="characters"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
            />
            <p id={`${ids}-hint`} className="text-xs text-slate-600">
              Lost your phone? Type one of your recovery codes instead.
            </p>
            <FormMessage id={`${ids}-error`}>{error}</FormMessage>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
            {busy === 'code' ? 'Checking...' : 'Verify'}
          </Button>
        </form>
      )}
      {withPasskey && (
        <Button type="button" variant={withCode ? 'outline' : 'default'} size="lg" className="w-full" onClick={() => void confirmWithPasskey()} disabled={busy !== null}>
          <Fingerprint aria-hidden="true" />
          {busy === 'passkey' ? 'Waiting for your passkey...' : 'Use a passkey'}
        </Button>
      )}
      {!withCode && error && (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      {!withCode && !withPasskey && (
        <p role="alert" className="text-sm text-red-800">This browser cannot use passkeys. Sign in on a device that can, or ask a Super Admin to reset your sign-in factors.</p>
      )}
      <Button type="button" variant="ghost" className="justify-self-center" onClick={cancelSecondStep}>
        Start over
      </Button>
    </div>
  );
}
