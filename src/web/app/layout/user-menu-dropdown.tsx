import { BellRing, CalendarSync, Download, Fingerprint, KeyRound, LogOut, MonitorSmartphone, Users } from 'lucide-react';
import { use, useEffect, useId, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { roleLine } from '../../../shared/rules/roles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSwitchItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { toast } from '../../hooks/use-toast';
import { apiErrorMessage } from '../../lib/api';
import { useUpdatePreferences } from '../../lib/preferences';
import { assignRef, UserMenuButton } from './user-menu-button';
import { UserMenuActionsContext, type UserMenuProps } from './user-menu-context';

export interface UserMenuDropdownProps extends UserMenuProps {
  /** The stand-in button was pressed while this chunk loaded: open at once, as that press would have. */
  openOnMount?: 'pointer' | 'keyboard' | null | undefined;
  /** True when the stand-in button had focus as it was replaced: the real trigger takes it over. */
  focusOnMountRef?: RefObject<boolean> | undefined;
}

/** GET /api/me/export: the signed-in guardian's family's data (a JSON attachment). */
export const FAMILY_EXPORT_PATH = '/api/me/export';

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
          {/* Issue 34: passkeys (anyone) and the authenticator app (staff). */}
          <DropdownMenuItem asChild>
            <Link to="/account/security">
              <Fingerprint aria-hidden="true" />
              Passkeys and codes
            </Link>
          </DropdownMenuItem>
          {/* Issue 22: one's own bookings in a calendar app (parents and the office alike). */}
          {actions && (
            <DropdownMenuItem onSelect={actions.onCalendarFeed}>
              <CalendarSync aria-hidden="true" />
              Calendar feed
            </DropdownMenuItem>
          )}
          {/* Issue 31: a guardian's family (guardians, children's profiles, emergency contacts). */}
          {user.role === 'PARENT' && (
            <DropdownMenuItem asChild>
              <Link to="/family">
                <Users aria-hidden="true" />
                Family
              </Link>
            </DropdownMenuItem>
          )}
          {/* Issue 31 (docs/privacy.md): the family's own copy of its data, a JSON file the server names and sends as a download. */}
          {user.role === 'PARENT' && (
            <DropdownMenuItem asChild>
              <a href={FAMILY_EXPORT_PATH} download>
                <Download aria-hidden="true" />
                Download our data
              </a>
            </DropdownMenuItem>
          )}
          {/* A parent's setting sits between the account's items and Sign Out (which stays last). */}
          {user.role === 'PARENT' && (
            <>
              <DropdownMenuSeparator />
              <ReminderSwitch checked={user.bookingReminders} />
              <DropdownMenuSeparator />
            </>
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

/**
 * Issue 21: 'Reminder e-mails', the e-mail 24 hours before each booked session, on or off. Saved at once
 * (PATCH /api/me/preferences) with a toast; a failure puts the switch back and says why.
 */
function ReminderSwitch({ checked }: { checked: boolean }) {
  const update = useUpdatePreferences();
  const hintId = useId();
  const flip = () => {
    if (update.isPending) return;
    const bookingReminders = !checked;
    update.mutate(
      { bookingReminders },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.bookingReminders ? 'Reminder emails on' : 'Reminder emails off',
            description: saved.bookingReminders
              ? 'We’ll email you 24 hours before each booked session.'
              : 'You won’t get an email before your sessions. Your booking confirmations still come.',
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Reminder setting not saved', description: apiErrorMessage(error, 'Failed to save the setting') }),
      },
    );
  };
  return (
    <DropdownMenuSwitchItem checked={checked} onSelect={flip} aria-label="Reminder emails" aria-describedby={hintId}>
      <BellRing aria-hidden="true" />
      <span className="grid">
        <span>Reminder emails</span>
        <span id={hintId} className="text-xs font-normal text-slate-600">
          24 hours before each session
        </span>
      </span>
    </DropdownMenuSwitchItem>
  );
}
