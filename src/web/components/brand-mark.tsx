import { businessName } from '../lib/business-name';
import { cn } from '../lib/utils';

/** The product's mark: its initial on a brand-red tile. Decorative; the name is always written next to it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 select-none items-center justify-center rounded-lg bg-brand-600 text-lg font-black text-white shadow-sm',
        className,
      )}
    >
      {businessName.charAt(0).toUpperCase()}
    </span>
  );
}
