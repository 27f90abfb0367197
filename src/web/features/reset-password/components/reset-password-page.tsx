import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { Button } from '../../../components/ui/button';
import { businessName } from '../../../lib/business-name';

/** A reset-password path is reachable without a session (spec 2); resets themselves are done by the office. */
export function ResetPasswordPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl">
        <div className="flex items-center justify-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-bold tracking-tight text-slate-900">{businessName}</span>
        </div>
        <span className="mx-auto mt-6 inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <KeyRound className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Password Reset</h1>
        <p className="mt-2 text-slate-600">
          Password resets are handled by our office. Please contact us and we will help you get back into your account.
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/">Back to Sign In</Link>
        </Button>
      </div>
    </main>
  );
}
