import { Suspense, useEffect, useState } from 'react';
import { useToast } from '../../hooks/use-toast';
import { lazyWithPreload, whenIdle } from '../../lib/lazy';

const Toaster = lazyWithPreload(() => import('./toaster').then((m) => m.Toaster));

/**
 * The toast region and Radix's toast library load once the first screen is idle, or at once when a toast is
 * raised before that; toasts raised meanwhile wait in the toast store and show as soon as it is in.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
