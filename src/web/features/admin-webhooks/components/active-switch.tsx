import { cn } from '../../../lib/utils';

interface ActiveSwitchProps {
  checked: boolean;
  /** Names the switch: 'Active: CRM plan purchases'. */
  label: string;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** Spec 4: isActive toggles Active / Inactive. A button with role switch (Space and Enter flip it). */
export function ActiveSwitch({ checked, label, disabled = false, onCheckedChange }: ActiveSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className="group inline-flex cursor-pointer items-center gap-2 rounded-full py-0.5 pr-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn('relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors', checked ? 'bg-green-600' : 'bg-slate-300')}
      >
        <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')} />
      </span>
      <span aria-hidden="true" className={cn('w-14 text-left', checked ? 'text-green-800' : 'text-slate-600')}>
        {checked ? 'Active' : 'Inactive'}
      </span>
    </button>
  );
}
