import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DialogLoadingOverlay } from '../../components/ui/spinner';
import { lazyWithPreload } from '../../lib/lazy';
import { useAuth } from '../../lib/auth';
import { mustSetUpFactor, useStaffFactors } from '../../lib/second-factor';
import { PageLoading } from '../../components/page-loading';
import { FamilyPage, SignInSecurityPage } from '../lazy-pages';
import { TopBar } from './top-bar';
import { UserMenuActionsContext } from './user-menu-context';

/** The Change Password dialog (a form with zod validation) loads the first time the user menu asks for it. */
const ChangePasswordDialog = lazyWithPreload(() =>
  import('../../features/account/components/change-password-dialog').then((m) => m.ChangePasswordDialog),
);

/** Signed-in Devices (the account's sessions), loaded the first time the user menu asks for it. */
const SignedInDevicesDialog = lazyWithPreload(() =>
  import('../../features/account/components/signed-in-devices-dialog').then((m) => m.SignedInDevicesDialog),
);

/** Calendar feed (issue 22), loaded the first time the user menu asks for it. */
const CalendarFeedDialog = lazyWithPreload(() =>
  import('../../features/account/components/calendar-feed-dialog').then((m) => m.CalendarFeedDialog),
);

const preloadMenuDialogs = () => {
  void ChangePasswordDialog.preload().catch(() => undefined);
  void SignedInDevicesDialog.preload().catch(() => undefined);
  void CalendarFeedDialog.preload().catch(() => undefined);
  // The Family page (issue 31) is one of the menu's items.
  void FamilyPage.preload().catch(() => undefined);
};

/**
 * Spec 2, signed-in layout: top bar, page content, and the dialogs the user menu opens (Change Password, Signed-in
 * Devices, Calendar feed).
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and keep its state like before.
  const [changePasswordUsed, setChangePasswordUsed] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const [devicesUsed, setDevicesUsed] = useState(false);
  const [calendarFeedOpen, setCalendarFeedOpen] = useState(false);
  const [calendarFeedUsed, setCalendarFeedUsed] = useState(false);
  const userMenuTriggerRef = useRef<HTMLButtonElement>(null);
  const menuActions = useMemo(
    () => ({
      onSignedInDevices: () => {
        setDevicesUsed(true);
        setDevicesOpen(true);
      },
      onCalendarFeed: () => {
        setCalendarFeedUsed(true);
        setCalendarFeedOpen(true);
      },
    }),
    [],
  );
  // The dialogs have no trigger of their own: focus goes back to the user menu that opened them.
  const focusUserMenu = (event: Event) => {
    event.preventDefault();
    userMenuTriggerRef.current?.focus();
  };

  return (
    <UserMenuActionsContext value={menuActions}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <TopBar
          onChangePassword={() => {
            setChangePasswordUsed(true);
            setChangePasswordOpen(true);
          }}
          onUserMenuOpen={preloadMenuDialogs}
          userMenuTriggerRef={userMenuTriggerRef}
        />
        <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          <SecondFactorGate>{children ?? <Outlet />}</SecondFactorGate>
        </main>
        {changePasswordUsed && (
          <Suspense fallback={changePasswordOpen ? <DialogLoadingOverlay label="Opening Change Password" /> : null}>
            <ChangePasswordDialog
              open={changePasswordOpen}
              onOpenChange={setChangePasswordOpen}
              onCloseAutoFocus={focusUserMenu}
            />
          </Suspense>
        )}
        {devicesUsed && (
          <Suspense fallback={devicesOpen ? <DialogLoadingOverlay label="Opening Signed-in Devices" /> : null}>
            <SignedInDevicesDialog open={devicesOpen} onOpenChange={setDevicesOpen} onCloseAutoFocus={focusUserMenu} />
          </Suspense>
        )}
        {calendarFeedUsed && (
          <Suspense fallback={calendarFeedOpen ? <DialogLoadingOverlay label="Opening Calendar feed" /> : null}>
            <CalendarFeedDialog open={calendarFeedOpen} onOpenChange={setCalendarFeedOpen} onCloseAutoFocus={focusUserMenu} />
          </Suspense>
        )}
      </div>
    </UserMenuActionsContext>
  );
}

/**
 * Issue 34 (STAFF_TWO_STEP=required): a staff member without a passkey or an authenticator app sees the set-up before
 * anything else (the server answers every other call 403 SECOND_FACTOR_SET_UP_REQUIRED meanwhile).
 */
function SecondFactorGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const factors = useStaffFactors(user);
  if (!mustSetUpFactor(factors.data)) return children;
  return (
    <PageLoading label="Loading">
      <SignInSecurityPage setUpFirst />
    </PageLoading>
  );
}
