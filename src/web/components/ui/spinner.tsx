import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

interface SpinnerProps {
  className?: string;
  /** Text announced to screen readers. */
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn('size-6 animate-spin text-brand-600', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the whole viewport, used while the session check runs. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner className="size-10" label={label} />
    </div>
  );
}

/**
 * Stands in for a dialog whose code is still downloading (it loads on demand): the dialog's dimmed backdrop
 * with a spinner, so the click gets an answer at once.
 */
export function DialogLoadingOverlay({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50">
      <span className="rounded-xl bg-white p-4 shadow-xl">
        <Spinner className="size-8" label={label} />
      </span>
    </div>
  );
}
