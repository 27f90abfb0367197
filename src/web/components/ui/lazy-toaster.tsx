import { Suspense, useEffect, useState } from 'react';
import { useToast } from '../../hooks/use-toast';
import { lazyWithPreload, whenSettledOrIntent } from '../../lib/lazy';

const Toaster = lazyWithPreload(() => import('./toaster').then((m) => m.Toaster));

/**
 * The toast region and Radix's toast library load at the first sign of intent or once the first screen has settled
 * (src/web/lib/lazy.ts), or at once when a toast is raised before that; toasts raised meanwhile wait in the toast store and show as soon as it is in.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenSettledOrIntent(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
