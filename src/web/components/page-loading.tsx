import { Suspense, type ReactNode } from 'react';
import { Spinner } from './ui/spinner';

/** A page loaded as its own chunk: a spinner saying what loads until it is in. */
export function PageLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-24">
          <Spinner className="size-10" label={label} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
