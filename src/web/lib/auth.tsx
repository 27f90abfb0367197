import { queryOptions, useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody } from '../../shared/schemas/auth';
import type { SecondFactorNeeded } from '../../shared/schemas/second-factor';
import type { CurrentUser } from '../../shared/schemas/users';
import { apiRequest, getQueryFn } from './api';
import { clearOfflineCaches } from './service-worker';

const CURRENT_USER_PATH = '/api/me';

/** The key of the session call (GET /api/me, its path): booking changes and edits of one's own account invalidate it. */
export const currentUserKeys = {
  all: [CURRENT_USER_PATH] as const,
};

/** GET /api/me, the session call: the signed-in user, or null when nobody is signed in (a 401; the read of the key's path). */
export function currentUserQuery() {
  return queryOptions<CurrentUser | null, Error>({
    queryKey: currentUserKeys.all,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });
}

/** Spec 4, auth states. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  user: CurrentUser | null;
  status: AuthStatus;
  error: Error | null;
  loginMutation: UseMutationResult<unknown, Error, LoginBody>;
  logoutMutation: UseMutationResult<unknown, Error, void>;
  /** Issue 34: the password was right and a second factor is to come (a code or a passkey); null otherwise. */
  secondStep: SecondFactorNeeded | null;
  /** Back to the password form (the pending sign-in simply runs out on the server). */
  cancelSecondStep: () => void;
  /** A sign-in finished another way (the second step, a passkey alone): as after a password, to the dashboard. */
  completeSignIn: () => Promise<void>;
}

const isSecondFactorNeeded = (answer: unknown): answer is SecondFactorNeeded =>
  typeof answer === 'object' && answer !== null && (answer as { next?: unknown }).next === 'second-factor';

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const session = useQuery({ ...currentUserQuery(), retry: false });

  const [secondStep, setSecondStep] = useState<SecondFactorNeeded | null>(null);
  const completeSignIn = useCallback(async () => {
    setSecondStep(null);
    // Whatever a previous family left on this device (a session that simply ran out) goes first (the door's queued
    // check-ins stay: door-queue.ts sends only the signed-in person's).
    await clearOfflineCaches(undefined, { door: false });
    // Spec 4: login success re-fetches the session, then goes to the dashboard.
    await queryClient.refetchQueries({ queryKey: currentUserKeys.all });
    await navigate('/dashboard');
  }, [queryClient, navigate]);
  const cancelSecondStep = useCallback(() => setSecondStep(null), []);

  const loginMutation = useMutation<unknown, Error, LoginBody>({
    mutationFn: (credentials) => apiRequest('POST', '/api/auth/login', credentials),
    onSuccess: async (answer) => {
      // Issue 34: staff with a second factor finish with it; there is no session yet.
      if (isSecondFactorNeeded(answer)) {
        setSecondStep(answer);
        return;
      }
      await completeSignIn();
    },
  });

  const logoutMutation = useMutation<unknown, Error, void>({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSettled: async () => {
      // Spec 4: logout clears every cached response and returns to the login screen.
      queryClient.clear();
      // ...and the service worker's copies too (CLEAR_CACHE), so the next person on this phone sees nothing.
      await clearOfflineCaches();
      await navigate('/', { replace: true });
    },
  });

  const user = session.data ?? null;
  const status: AuthStatus = session.isPending ? 'loading' : user && !session.isError ? 'authenticated' : 'unauthenticated';

  const value = useMemo<AuthContextValue>(
    () => ({
      user: status === 'authenticated' ? user : null,
      status,
      error: session.error,
      loginMutation,
      logoutMutation,
      secondStep,
      cancelSecondStep,
      completeSignIn,
    }),
    [user, status, session.error, loginMutation, logoutMutation, secondStep, cancelSecondStep, completeSignIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
