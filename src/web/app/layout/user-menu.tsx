import { ChevronDown, KeyRound, LogOut } from 'lucide-react';
import type { Ref } from 'react';
import { roleLine } from '../../../shared/rules/roles';
import type { CurrentUser } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

interface UserMenuProps {
  user: CurrentUser;
  onChangePassword: () => void;
  onSignOut: () => void;
  /** The menu button, so focus can come back to it after the Change Password dialog closes. */
  triggerRef?: Ref<HTMLButtonElement>;
}

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

export function UserMenu({ user, onChangePassword, onSignOut, triggerRef }: UserMenuProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" className="h-10 gap-1.5 px-1.5 sm:px-2" aria-label="User menu">
          <span
            aria-hidden="true"
            className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
          >
            {initials(user)}
          </span>
          <ChevronDown aria-hidden="true" className="text-slate-500" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold text-slate-900">{fullName}</span>
          <span className="truncate text-xs font-normal text-slate-600">{roleLine(user)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={onChangePassword}>
            <KeyRound aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
