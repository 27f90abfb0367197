import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from '../../../shared/schemas/users';
import { Button, type ButtonProps } from '../../components/ui/button';

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The user menu's button (the user's initials): the menu's trigger, and its stand-in while the menu loads. */
export function UserMenuButton({ user, ...props }: ButtonProps & { user: CurrentUser }) {
  return (
    <Button variant="ghost" className="h-10 gap-1.5 px-1.5 sm:px-2" aria-label="User menu" {...props}>
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
      >
        {initials(user)}
      </span>
      <ChevronDown aria-hidden="true" className="text-slate-500" />
    </Button>
  );
}

/** Sets a ref of any kind (callback or object) to the element. */
export function assignRef<T>(ref: React.Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
