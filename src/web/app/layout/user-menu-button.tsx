import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from '../../../shared/schemas/users';
import { Button, type ButtonProps } from '../../components/ui/button';

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The user menu's button: the top bar's greeting (spec 2, 'Hello, ' and the first name), the user's initials and a
 * chevron; the menu's trigger, and its stand-in while the menu loads. Its name is its visible text plus what it
 * opens ('Hello, Priya, user menu'): issue 33, a name of its own ('User menu') did not contain the words on screen
 * (WCAG 2.5.3, label in name), so a voice user saying "click Hello Priya" found nothing.
 */
export function UserMenuButton({ user, ...props }: ButtonProps & { user: CurrentUser }) {
  return (
    <Button variant="ghost" className="h-10 min-w-0 gap-1.5 pl-2 pr-1.5 font-normal sm:pr-2" {...props}>
      <span className="max-w-[9rem] truncate text-sm text-slate-700">{`Hello, ${user.firstName}`}</span>
      <span className="sr-only">, user menu</span>
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
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
