import { Suspense, useLayoutEffect, useRef, useState, type Ref, type RefObject } from 'react';
import type { CurrentUser } from '../../../shared/schemas/users';
import { lazyWithPreload } from '../../lib/lazy';
import { assignRef, UserMenuButton } from './user-menu-button';
import type { UserMenuProps } from './user-menu-context';

/**
 * The dropdown menu library (Radix menu, floating-ui) is not part of the first load: the menu loads as soon as
 * the top bar renders, and until then an identical button stands in. A press on it opens the menu once loaded;
 * focus on it moves to the real button.
 */
const UserMenuDropdown = lazyWithPreload(() => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown));

export function UserMenu(props: UserMenuProps) {
  const [openOnMount, setOpenOnMount] = useState<'pointer' | 'keyboard' | null>(null);
  const standInHadFocus = useRef(false);
  return (
    <Suspense
      fallback={
        <StandInButton
          user={props.user}
          triggerRef={props.triggerRef}
          onPress={setOpenOnMount}
          hadFocusRef={standInHadFocus}
        />
      }
    >
      <UserMenuDropdown {...props} openOnMount={openOnMount} focusOnMountRef={standInHadFocus} />
    </Suspense>
  );
}

interface StandInButtonProps {
  user: CurrentUser;
  triggerRef: Ref<HTMLButtonElement> | undefined;
  onPress: (how: 'pointer' | 'keyboard') => void;
  /** Set when the button has focus as it leaves the page. */
  hadFocusRef: RefObject<boolean>;
}

function StandInButton({ user, triggerRef, onPress, hadFocusRef }: StandInButtonProps) {
  const ref = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    // Runs before the button leaves the page (layout effect clean-ups come first), while it can still have focus.
    return () => {
      hadFocusRef.current = node !== null && document.activeElement === node;
    };
  }, [hadFocusRef]);
  return (
    <UserMenuButton
      user={user}
      ref={(node: HTMLButtonElement | null) => {
        ref.current = node;
        assignRef(triggerRef, node);
      }}
      aria-haspopup="menu"
      aria-expanded={false}
      // detail is 0 for a click made with Enter or Space.
      onClick={(event) => onPress(event.detail === 0 ? 'keyboard' : 'pointer')}
    />
  );
}
