import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { LoginPage } from '../features/login/components/login-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { useAuth } from '../lib/auth';
import { DashboardScreen } from './dashboard-screen';
import { MyBookingsScreen } from './my-bookings-screen';
import { MY_BOOKINGS_ROUTE } from '../features/my-bookings/components/upcoming-bookings';
import { BookingConfirmationPage, FamilyPage, ResetPasswordPage, SignInSecurityPage } from './lazy-pages';
import { RequireAdmin } from './admin/require-admin';
import { PageLoading } from '../components/page-loading';
import { SignedInLayout } from './layout/signed-in-layout';

/** The admin area is its own chunk: a parent's first load does not grow because of it. */
const AdminScreen = lazy(() => import('./admin/admin-screen'));
const FamilyScreen = lazy(() => import('./admin/family-screen'));
const RosterScreen = lazy(() => import('./admin/roster-screen'));

/** An admin page: the role check, then its chunk with a spinner meanwhile. */
function AdminPage({ label, coach = false, children }: { label: string; coach?: boolean; children: ReactNode }) {
  return (
    <RequireAdmin coach={coach}>
      <PageLoading label={label}>{children}</PageLoading>
    </RequireAdmin>
  );
}

/** Spec 2: any path containing 'reset-password' is reachable without a session. */
export function isResetPasswordPath(pathname: string): boolean {
  return pathname.includes('reset-password');
}

/** Paths a visitor without a session may stay on. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/' || isResetPasswordPath(pathname);
}

/**
 * Spec 2, access redirect rule: while the session check runs, a spinner; once it finished without a user,
 * every path other than / or a reset-password path redirects to /.
 */
function AccessGate({ children }: { children: ReactNode }) {
  // Once the session check answers, the screen it opens (the dashboard, large) renders in an interruptible pass
  // (a transition) rather than one long task: the spinner stays meanwhile.
  const status = useDeferredValue(useAuth().status);
  const { pathname } = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'unauthenticated' && !isPublicPath(pathname)) return <Navigate to="/" replace />;
  return children;
}

/** '/': the login screen, or the dashboard for someone already signed in. */
function LoginRoute() {
  const { status } = useAuth();
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <LoginPage />;
}

/** Any other path: a reset-password page, or 'Page Not Found' inside the signed-in layout. */
function FallbackRoute() {
  const { pathname } = useLocation();
  if (isResetPasswordPath(pathname)) {
    return (
      <Suspense fallback={<FullPageSpinner label="Loading" />}>
        <ResetPasswordPage />
      </Suspense>
    );
  }
  return (
    <SignedInLayout>
      <NotFoundPage />
    </SignedInLayout>
  );
}

export function AppRoutes() {
  return (
    <AccessGate>
      <Routes>
        <Route path="/" element={<LoginRoute />} />
        <Route element={<SignedInLayout />}>
          <Route path="/dashboard" element={<DashboardScreen />} />
          <Route path={MY_BOOKINGS_ROUTE} element={<MyBookingsScreen />} />
          <Route
            path="/family"
            element={
              <PageLoading label="Loading your family"><FamilyPage /></PageLoading>
            }
          />
          <Route
            path="/account/security"
            element={
              <PageLoading label="Loading your sign-in methods"><SignInSecurityPage /></PageLoading>
            }
          />
          <Route
            path="/admin"
            element={
              <AdminPage label="Loading the admin area" coach>
                <AdminScreen />
              </AdminPage>
            }
          />
          <Route
            path="/admin/users/:id"
            element={
              <AdminPage label="Loading the account">
                <FamilyScreen />
              </AdminPage>
            }
          />
          <Route
            path="/admin/sessions/:id"
            element={
              <AdminPage label="Loading the session" coach>
                <RosterScreen />
              </AdminPage>
            }
          />
          <Route
            path="/booking-confirmation/:bookingId"
            element={
              <PageLoading label="Loading your booking"><BookingConfirmationPage /></PageLoading>
            }
          />
          <Route path="/booking-confirmation" element={<Navigate to="/dashboard" replace />} />
        </Route>
        <Route path="*" element={<FallbackRoute />} />
      </Routes>
    </AccessGate>
  );
}
