import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A field's validation message; give it the id the input names in aria-describedby. */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('text-sm font-medium text-red-700', className)} {...props}>
      {children}
    </p>
  );
}
