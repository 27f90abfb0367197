import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from '../../../shared/schemas/users';
import { Button, type ButtonProps } from '../../components/ui/button';

/** Spec 2: the top bar's greeting. */
const greeting = (user: CurrentUser) => `Hello, ${user.firstName}`;

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The user menu's button: the top bar's greeting (spec 2, 'Hello, ' and the first name), the user's initials and a
 * chevron; the menu's trigger, and its stand-in while the menu loads. Its name starts with its visible text and says
 * what it opens ('Hello, Priya, user menu'): issue 33, a name of its own ('User menu') did not contain the words on
 * screen (WCAG 2.5.3, label in name), so a voice user saying "click Hello Priya" found nothing. A label, not the
 * text plus a hidden suffix: browsers put a space of their own between the two ('Hello, Priya , user menu').
 * The initials are CSS-drawn: axe counts text inside the button, aria-hidden or not, as its visible label.
 */
export function UserMenuButton({ user, ...props }: ButtonProps & { user: CurrentUser }) {
  return (
    <Button variant="ghost" className="h-10 min-w-0 gap-1.5 pl-2 pr-1.5 font-normal sm:pr-2" aria-label={`${greeting(user)}, user menu`} {...props}>
      <span className="max-w-[9rem] truncate text-sm text-slate-700">{greeting(user)}</span>
      <span
        aria-hidden="true"
        data-initials={initials(user)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800 before:content-[attr(data-initials)]"
      />
      <ChevronDown aria-hidden="true" className="text-slate-500" />
    </Button>
  );
}

/** Sets a ref of any kind (callback or object) to the element. */
export function assignRef<T>(ref: React.Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
