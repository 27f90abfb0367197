import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Tabs = TabsPrimitive.Root;

/**
 * A row of tabs that never scrolls sideways (issue 33, decision 029): on a phone the tabs are a grid of four
 * columns, each an icon over its label, so eight tabs take two rows and every one is in sight; from `sm` up they
 * wrap as needed. Keyboard use is Radix's roving focus (arrow keys, Home, End).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('grid grid-cols-4 gap-1 rounded-lg border border-slate-200 bg-white p-1 shadow-sm sm:flex sm:flex-wrap', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex min-w-0 cursor-pointer flex-col items-center justify-center gap-1 whitespace-nowrap rounded-md px-1 py-2 text-xs font-medium sm:shrink-0 sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
