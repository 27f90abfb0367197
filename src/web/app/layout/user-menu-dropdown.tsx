import { KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { use, useEffect, useRef, type RefObject } from 'react';
import { roleLine } from '../../../shared/rules/roles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { assignRef, UserMenuButton } from './user-menu-button';
import { UserMenuActionsContext, type UserMenuProps } from './user-menu';

export interface UserMenuDropdownProps extends UserMenuProps {
  /** The stand-in button was pressed while this chunk loaded: open at once, as that press would have. */
  openOnMount?: 'pointer' | 'keyboard' | null | undefined;
  /** True when the stand-in button had focus as it was replaced: the real trigger takes it over. */
  focusOnMountRef?: RefObject<boolean> | undefined;
}

/** The user menu itself (Radix dropdown menu): loaded on demand, see user-menu.tsx. */
export function UserMenuDropdown({
  user,
  onChangePassword,
  onSignOut,
  onOpen,
  triggerRef,
  openOnMount,
  focusOnMountRef,
}: UserMenuDropdownProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const ownTriggerRef = useRef<HTMLButtonElement | null>(null);
  const actions = use(UserMenuActionsContext);

  useEffect(() => {
    const trigger = ownTriggerRef.current;
    if (!trigger) return;
    if (focusOnMountRef?.current || openOnMount === 'keyboard') trigger.focus();
    // Replay a key press on the real trigger, so Radix opens the menu and focuses its first item as for any key
    // (a pointer press opens it through defaultOpen below).
    if (openOnMount === 'keyboard') trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    else if (openOnMount === 'pointer') onOpen?.();
    // Only what happened before this component existed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu defaultOpen={openOnMount === 'pointer'} onOpenChange={(open) => open && onOpen?.()}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton
          user={user}
          ref={(node: HTMLButtonElement | null) => {
            ownTriggerRef.current = node;
            assignRef(triggerRef, node);
          }}
        />
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
          {actions && (
            <DropdownMenuItem onSelect={actions.onSignedInDevices}>
              <MonitorSmartphone aria-hidden="true" />
              Signed-in Devices
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
