import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const alertVariants = cva('relative flex w-full gap-3 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      default: 'border-slate-200 bg-white text-slate-900 [&>svg]:text-slate-600',
      info: 'border-sky-200 bg-sky-50 text-sky-950 [&>svg]:text-sky-700',
      warning: 'border-amber-200 bg-amber-50 text-amber-950 [&>svg]:text-amber-700',
      destructive: 'border-red-200 bg-red-50 text-red-900 [&>svg]:text-red-700',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-1 text-sm opacity-90', className)} {...props} />;
}
