import { lazyWithPreload } from '../lib/lazy';

/**
 * Pages a parent's first screen (login, then the dashboard) does not show: they load when first visited.
 * The admin area is lazy as well (see router.tsx).
 */
export const BookingConfirmationPage = lazyWithPreload(() =>
  import('../features/confirmation/components/booking-confirmation-page').then((m) => m.BookingConfirmationPage),
);

export const ResetPasswordPage = lazyWithPreload(() =>
  import('../features/reset-password/components/reset-password-page').then((m) => m.ResetPasswordPage),
);

/** Issue 31: the Family page, opened from the user menu. */
export const FamilyPage = lazyWithPreload(() => import('../features/family/components/family-page').then((m) => m.FamilyPage));

/** Issue 34: the account's passkeys and authenticator app (/account/security), and the set-up staff see first. */
export const SignInSecurityPage = lazyWithPreload(() =>
  import('../features/account/components/sign-in-security-page').then((m) => m.SignInSecurityPage),
);
