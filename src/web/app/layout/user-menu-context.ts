import { createContext, type Ref } from 'react';
import type { CurrentUser } from '../../../shared/schemas/users';

// Shared by the top bar's menu and its lazily loaded dropdown (user-menu-dropdown.tsx), so the dropdown does not
// import the module that loads it.

/**
 * Menu items the signed-in layout handles without the top bar passing them through: 'Signed-in Devices' and
 * 'Calendar feed' open their dialogs (null outside the signed-in layout: the items are left out).
 */
export const UserMenuActionsContext = createContext<{ onSignedInDevices: () => void; onCalendarFeed: () => void } | null>(null);

export interface UserMenuProps {
  user: CurrentUser;
  onChangePassword: () => void;
  onSignOut: () => void;
  /** Called when the menu opens. */
  onOpen?: (() => void) | undefined;
  /** The menu button, so focus can come back to it after the Change Password dialog closes. */
  triggerRef?: Ref<HTMLButtonElement> | undefined;
}
