import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, KeyRound, LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/auth';
import { setPasswordForm, type SetPasswordForm } from '../../../../shared/schemas/set-password';
import { BrandMark } from '../../../components/brand-mark';
import { FormField } from '../../../components/form-field';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, errorCodeOf } from '../../../lib/api';
import { serverFieldError } from '../../../lib/server-field-error';
import { useAuth } from '../../../lib/auth';
import { businessName } from '../../../lib/business-name';
import { usePageTitle } from '../../../lib/page-title';
import { isLinkGone, useSetPasswordLink, useSetPasswordWithLink, type SetPasswordLink } from '../api/set-password-link';

/**
 * A reset-password path is reachable without a session (spec 2). With a link's ?token=… it is where a family
 * chooses their password (the office's welcome or set-password e-mail); without one it explains that the
 * office handles password resets.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageTitle(token ? 'Set Your Password' : 'Password Reset');
  return <PageFrame>{token ? <SetPasswordFlow key={token} token={token} /> : <OfficeHandlesResets />}</PageFrame>;
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">
        <div className="flex items-center justify-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-bold tracking-tight text-slate-900">{businessName}</span>
        </div>
        {children}
      </div>
    </main>
  );
}

function PageIcon({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'danger' }) {
  return (
    <span
      className={
        tone === 'brand'
          ? 'mx-auto mt-6 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700'
          : 'mx-auto mt-6 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700'
      }
    >
      {children}
    </span>
  );
}

function BackToSignIn({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant} className="mt-6 w-full">
      <Link to="/">Back to Sign In</Link>
    </Button>
  );
}

/** Without a link: there is no self-service reset (spec 1). */
function OfficeHandlesResets() {
  return (
    <div className="text-center">
      <PageIcon>
        <KeyRound className="size-6" aria-hidden="true" />
      </PageIcon>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Password Reset</h1>
      <p className="mt-2 text-slate-600">
        Password resets are handled by our office. Please contact us and we will help you get back into your account.
      </p>
      <BackToSignIn />
    </div>
  );
}

function SetPasswordFlow({ token }: { token: string }) {
  const setPassword = useSetPasswordWithLink(token);
  // Once the password is being saved the link is spent: it is not checked again (that would say 'used').
  const link = useSetPasswordLink(token, { enabled: setPassword.isIdle || setPassword.isError });

  // After a successful save the cache is cleared while the session is read again: no form, no link check.
  if (setPassword.isSuccess || (setPassword.isPending && !link.data)) return <Centered label="Signing you in" />;
  if (link.isPending) return <Centered label="Checking your link" />;
  if (link.isError) {
    if (isLinkGone(link.error)) return <LinkGone error={link.error} />;
    return (
      <div className="mt-6 grid gap-4">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">Set your password</h1>
        <QueryErrorAlert title="We could not check your link" error={link.error} onRetry={() => void link.refetch()} />
        <BackToSignIn variant="outline" />
      </div>
    );
  }
  return <SetPasswordFormCard link={link.data} setPassword={setPassword} />;
}

function Centered({ label }: { label: string }) {
  return (
    <div className="mt-8 grid justify-items-center gap-3 py-6 text-slate-600">
      <Spinner className="size-8" label={label} />
      <p aria-hidden="true">{label}...</p>
    </div>
  );
}

/** Expired, used or unknown: the server says which in one sentence; the office sends a new link. */
function LinkGone({ error }: { error: Error }) {
  const message =
    errorCodeOf(error) === 'LINK_EXPIRED'
      ? apiErrorMessage(error, 'This link has expired or was already used.')
      : 'This link is not valid. Please check that you opened the whole link from the email.';
  return (
    <div className="text-center">
      <PageIcon tone="danger">
        <LinkIcon className="size-6" aria-hidden="true" />
      </PageIcon>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">This link cannot be used</h1>
      <Alert variant="destructive" role="alert" className="mt-4 text-left">
        <CircleAlert aria-hidden="true" />
        <AlertDescription className="mt-0">{message}</AlertDescription>
      </Alert>
      <p className="mt-4 text-slate-600">
        Password resets are handled by our office. Please contact our office and we will send you a new link. If you already chose a
        password, sign in with it.
      </p>
      <BackToSignIn />
    </div>
  );
}

interface SetPasswordFormCardProps {
  link: SetPasswordLink;
  setPassword: ReturnType<typeof useSetPasswordWithLink>;
}

function SetPasswordFormCard({ link, setPassword }: SetPasswordFormCardProps) {
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const pending = setPassword.isPending;
  const { user } = useAuth();
  const someoneElse = user && user.email.toLowerCase() !== link.email.toLowerCase() ? user : null;

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    setPassword.mutate(
      { newPassword },
      {
        onError: (error) => {
          // A refusal about the password itself (too common) is shown under the field too.
          const newPasswordError = serverFieldError(error, 'newPassword');
          if (newPasswordError) form.setError('newPassword', { type: 'server', message: newPasswordError });
          toast({ variant: 'destructive', title: 'Password Not Set', description: apiErrorMessage(error, 'Your password could not be saved. Please try again.') });
        },
      },
    );
  });

  return (
    <div>
      <div className="text-center">
        <PageIcon>
          <KeyRound className="size-6" aria-hidden="true" />
        </PageIcon>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Set your password</h1>
        <p className="mt-2 text-slate-600">
          Welcome, {link.firstName}! Choose a password for your account. You will sign in with{' '}
          <span className="break-all font-medium text-slate-900">{link.email}</span> and this password.
        </p>
      </div>
      {someoneElse && (
        <Alert variant="info" className="mt-4">
          <CircleAlert aria-hidden="true" />
          <div className="min-w-0">
            <AlertTitle>You are signed in as {someoneElse.firstName} {someoneElse.lastName}</AlertTitle>
            <AlertDescription>
              Setting this password signs you out and signs in <span className="break-all">{link.email}</span> instead.
            </AlertDescription>
          </div>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5">
        {/* Lets a password manager store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <fieldset disabled={pending} className="grid gap-5">
          <FormField label="New Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors.newPassword?.message}>
            {(control) => <PasswordInput autoComplete="new-password" autoFocus {...control} {...form.register('newPassword')} />}
          </FormField>
          <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('confirmPassword')} />}
          </FormField>
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Setting Password...' : 'Set Password and Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Not you, or already have a password?{' '}
        <Link to="/" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
