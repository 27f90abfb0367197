import { cn } from '../lib/utils';

/** Pretty-printed JSON (two-space indent) in a scrollable, keyboard-focusable block; text is shown as is. */
export function JsonView({ value, label, className }: { value: unknown; label: string; className?: string }) {
  const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className={cn(
        'max-h-72 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        className,
      )}
    >
      {text === '' || value === null ? <span className="text-slate-500">(none)</span> : text}
    </pre>
  );
}
