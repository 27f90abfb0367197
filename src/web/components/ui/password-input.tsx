import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Tooltip } from './tooltip';

/** A password field with a show/hide toggle button at its end. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  const label = visible ? 'Hide password' : 'Show password';
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <Tooltip content={label}>
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={label}
          disabled={props.disabled}
          className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
}
