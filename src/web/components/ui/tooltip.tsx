import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** Spec 9: a tooltip opens after 700 ms of hovering (or at once on keyboard focus)… */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** …and within 300 ms of leaving one, the next opens without the delay. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The one provider of the app (src/web/app/providers.tsx): the spec's delays, shared by every tooltip. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

interface TooltipProps {
  /** The label shown (keep it short: what the icon button does, or the whole of a cut value). */
  content: ReactNode;
  /** The element it labels: a button (keeps its own accessible name) or any element that takes a ref. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Shows nothing (TruncatedText while its text fits). */
  disabled?: boolean;
}

/**
 * A label on hover and keyboard focus for an icon-only button or a value cut short (Radix Tooltip; spec 9).
 * The trigger keeps its own accessible name (an icon button's aria-label or sr-only text): the tooltip is for
 * sighted mouse and keyboard users, and never the only name of anything. A disabled button gets no tooltip
 * (it receives no pointer events).
 */
export function Tooltip({ content, children, side = 'top', disabled = false }: TooltipProps) {
  // Uncontrolled: Radix's own open state is what closes it reliably when the pointer leaves.
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      {!disabled && (
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" width={10} height={5} />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      )}
    </TooltipPrimitive.Root>
  );
}

/**
 * Text cut with an ellipsis to fit (`truncate`), whose tooltip shows the whole of it, only when it is cut.
 * The full text is in the page, so screen readers read it whole anyway.
 */
export function TruncatedText({ children, className }: { children: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  // Measured when the pointer arrives, long before the tooltip's delay ends.
  const measure = () => setCut(ref.current ? ref.current.scrollWidth > ref.current.clientWidth : false);
  return (
    <Tooltip content={children} disabled={!cut}>
      <span ref={ref} onPointerEnter={measure} className={cn('truncate', className)}>
        {children}
      </span>
    </Tooltip>
  );
}
