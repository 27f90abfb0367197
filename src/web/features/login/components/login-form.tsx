import { Fingerprint, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { loginBody, LoginBody } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { whenSettledOrIntent } from '../../../lib/lazy';
import { isPasskeyCancel, passkeysSupported, signInWithPasskey } from '../../../lib/second-factor';

/** Issue 34: the second step of a staff sign-in, loaded when a password asks for it. */
const SecondStepForm = lazy(() => import('./second-step-form').then((module) => ({ default: module.SecondStepForm })));

type LoginInput = z.input<typeof loginBody>;

/** The schema and zod (a large library) download after first paint; a submit before that waits for them. */
const loadLoginResolver = () => import('./login-validation').then((module) => module.loginResolver);

const loginResolver: Resolver<LoginInput, unknown, LoginBody> = async (values, context, options) =>
  (await loadLoginResolver())(values, context, options);

/** Spec 2, login screen form; spec 5 validation; spec 8 'Login Failed' toast. */
export function LoginForm() {
  const { secondStep } = useAuth();
  if (secondStep) {
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">Loading...</p>}>
        <SecondStepForm step={secondStep} />
      </Suspense>
    );
  }
  return <PasswordForm />;
}

/**
 * The email and password, and 'Use a passkey' (issue 34) where the browser has passkeys. Its name says nothing of
 * "sign in": the spec's 'Sign In' stays the one button of that name on the screen.
 */
function PasswordForm() {
  const { loginMutation, completeSignIn } = useAuth();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [canUsePasskeys] = useState(passkeysSupported);
  const form = useForm<LoginInput, unknown, LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => whenSettledOrIntent(() => void loadLoginResolver().catch(() => undefined)), []);
  const { errors } = form.formState;
  const busy = loginMutation.isPending;
  // Issue 20: the refusal also stays under the form, where the person looks (the toast goes after 5 s).
  const [failure, setFailure] = useState<string | null>(null);

  async function passkeySignIn() {
    setFailure(null);
    setPasskeyBusy(true);
    try {
      await signInWithPasskey();
      await completeSignIn();
    } catch (error) {
      if (isPasskeyCancel(error)) return;
      const message = apiErrorMessage(error, 'That passkey could not sign you in. Try again, or sign in with your email and password.');
      setFailure(message);
      toast({ variant: 'destructive', title: 'Login Failed', description: message });
    } finally {
      setPasskeyBusy(false);
    }
  }

  const onSubmit = form.handleSubmit((credentials) => {
    setFailure(null);
    loginMutation.mutate(credentials, {
      onError: (error) => {
        const message = apiErrorMessage(error, 'Invalid email or password');
        setFailure(message);
        toast({ variant: 'destructive', title: 'Login Failed', description: message });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...form.register('email')}
        />
        <FormMessage id="login-email-error">{errors.email?.message}</FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder="Enter your password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...form.register('password')}
        />
        <FormMessage id="login-password-error">{errors.password?.message}</FormMessage>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy || passkeyBusy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      {canUsePasskeys && (
        <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => void passkeySignIn()} disabled={busy || passkeyBusy}>
          <Fingerprint aria-hidden="true" />
          {passkeyBusy ? 'Waiting for your passkey...' : 'Use a passkey'}
        </Button>
      )}
      <div role="alert" aria-live="assertive" className="empty:hidden">
        {failure && (
          <p id="login-failure" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="sr-only">Login Failed: </span>
              {failure}
            </span>
          </p>
        )}
      </div>
    </form>
  );
}
