import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DialogLoadingOverlay } from '../../components/ui/spinner';
import { lazyWithPreload } from '../../lib/lazy';
import { TopBar } from './top-bar';

/** The Change Password dialog (a form with zod validation) loads the first time the user menu asks for it. */
const ChangePasswordDialog = lazyWithPreload(() =>
  import('../../features/account/components/change-password-dialog').then((m) => m.ChangePasswordDialog),
);

/** Spec 2, signed-in layout: top bar, page content, and the Change Password dialog the user menu opens. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and keep its state like before.
  const [changePasswordUsed, setChangePasswordUsed] = useState(false);
  const userMenuTriggerRef = useRef<HTMLButtonElement>(null);

  return (
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
        onUserMenuOpen={() => void ChangePasswordDialog.preload().catch(() => undefined)}
        userMenuTriggerRef={userMenuTriggerRef}
      />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
        {children ?? <Outlet />}
      </main>
      {changePasswordUsed && (
        <Suspense fallback={changePasswordOpen ? <DialogLoadingOverlay label="Opening Change Password" /> : null}>
          <ChangePasswordDialog
            open={changePasswordOpen}
            onOpenChange={setChangePasswordOpen}
            onCloseAutoFocus={(event) => {
              // The dialog has no trigger of its own: give focus back to the user menu that opened it.
              event.preventDefault();
              userMenuTriggerRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
