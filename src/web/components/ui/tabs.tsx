import * as TabsPrimitive from '@radix-ui/react-tabs';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Tabs = TabsPrimitive.Root;

/** How far a chosen tab is kept from the row's edges, clear of the faded edge and its arrow (scroll-px-16). */
const EDGE_CLEARANCE = 64;

/**
 * A row of tabs that scrolls sideways on a narrow screen instead of wrapping. When tabs lie beyond an edge, that
 * edge fades and shows an arrow that scrolls the row (issue 20: on a phone the row must show there is more). The
 * arrows are for pointers and touch; keyboard users move between tabs with the arrow keys (Radix's roving focus),
 * and the browser scrolls the focused tab into view. The chosen tab is scrolled into view when the row mounts.
 */
export function TabsList({ className, children, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const activeTab = () => list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    // Only the row scrolls (scrollIntoView could scroll the page too). On mount the chosen tab is centred.
    const first = activeTab();
    if (first) list.scrollLeft = first.offsetLeft - (list.clientWidth - first.offsetWidth) / 2;
    measure();
    // A tab chosen later (a click on one half under a faded edge) is brought clear of the edges.
    const chosen = new MutationObserver(() => {
      const active = activeTab();
      if (!active) return;
      const left = active.offsetLeft - EDGE_CLEARANCE;
      const right = active.offsetLeft + active.offsetWidth + EDGE_CLEARANCE - list.clientWidth;
      if (list.scrollLeft > left) list.scrollTo({ left, behavior: 'smooth' });
      else if (list.scrollLeft < right) list.scrollTo({ left: right, behavior: 'smooth' });
    });
    chosen.observe(list, { subtree: true, attributeFilter: ['data-state'] });
    const resize = new ResizeObserver(measure);
    resize.observe(list);
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      chosen.disconnect();
      resize.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div className="relative rounded-lg border border-slate-200 bg-white shadow-sm">
      <TabsPrimitive.List
        ref={listRef}
        className={cn('relative flex w-full scroll-px-16 gap-1 overflow-x-auto p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden', className)}
        {...props}
      >
        {children}
      </TabsPrimitive.List>
      <ScrollCue side="before" shown={more.before} onClick={() => scrollBy(-1)} />
      <ScrollCue side="after" shown={more.after} onClick={() => scrollBy(1)} />
    </div>
  );
}

/** The faded edge and arrow of a tab row with more tabs on that side (a pointer's shortcut; hidden from assistive technology). */
function ScrollCue({ side, shown, onClick }: { side: 'before' | 'after'; shown: boolean; onClick: () => void }) {
  if (!shown) return null;
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <div
      data-testid={`tabs-more-${side}`}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-14 items-center',
        side === 'before'
          ? 'left-0 justify-start rounded-l-lg bg-gradient-to-r from-white from-40% to-transparent pl-0.5'
          : 'right-0 justify-end rounded-r-lg bg-gradient-to-l from-white from-40% to-transparent pr-0.5',
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClick}
        className="pointer-events-auto grid size-8 cursor-pointer place-items-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
      >
        <Icon className="size-4" />
      </button>
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
