import { DoorOpen, LayoutDashboard, ShieldCheck } from 'lucide-react';
import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { isCoachRole, isStaffRole } from '../../../shared/rules/roles';
import { BrandMark } from '../../components/brand-mark';
import { buttonVariants } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { pendingDoorTapCount } from '../../lib/door-queue-name';
import { plural } from '../../../shared/rules/format';
import { businessName, businessShortName } from '../../lib/business-name';
import { TruncatedText } from '../../components/ui/tooltip';
import { cn } from '../../lib/utils';
import { UserMenu } from './user-menu';

const navItems = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin', label: 'Admin Panel', icon: ShieldCheck },
] as const;
/** A coach's (issue 34): the door's screen. */
const coachNavItems = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin', label: 'Check-in', icon: DoorOpen },
] as const;

/** Spec 2, signed-in layout: product name, greeting, admin navigation and the user menu. Nothing without a user. */
interface TopBarProps {
  onChangePassword: () => void;
  /** The user menu opened: a chance to preload what its items open. */
  onUserMenuOpen?: () => void;
  userMenuTriggerRef?: Ref<HTMLButtonElement>;
}

export function TopBar({ onChangePassword, onUserMenuOpen, userMenuTriggerRef }: TopBarProps) {
  const { user, logoutMutation } = useAuth();
  if (!user) return null;
  const showAdminNav = isStaffRole(user.role);
  // Issue 34: check-ins made at the door without a connection and not sent yet would leave with the sign-out.
  async function signOut() {
    const waiting = showAdminNav ? await pendingDoorTapCount() : 0;
    if (waiting > 0 && !window.confirm(`${plural(waiting, 'check-in')} made without a connection ${waiting === 1 ? 'has' : 'have'} not been sent yet. Sign out anyway? ${waiting === 1 ? 'It' : 'They'} will be lost.`)) return;
    logoutMutation.mutate();
  }
  const items = isCoachRole(user.role) ? coachNavItems : navItems;

  return (
    <header className="sticky top-[var(--app-banner-offset,0px)] z-40 print:hidden border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="h-1 bg-brand-600" />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <Link
          to="/dashboard"
          className="flex min-w-0 grow basis-0 items-center gap-2.5 rounded-md sm:grow-0 sm:basis-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <BrandMark />
          {/* A phone shows the short name (BUSINESS_SHORT_NAME) whole rather than the full one cut short. */}
          <span className="truncate text-base font-bold tracking-tight text-slate-900 sm:hidden" aria-hidden="true">
            {businessShortName}
          </span>
          <span className="sr-only sm:hidden">{businessName}</span>
          <TruncatedText className="hidden text-base font-bold tracking-tight text-slate-900 sm:block sm:text-lg">{businessName}</TruncatedText>
        </Link>

        <div className="ml-auto flex min-w-0 shrink-0 items-center sm:order-last">
          <UserMenu
            user={user}
            triggerRef={userMenuTriggerRef}
            onChangePassword={onChangePassword}
            onOpen={onUserMenuOpen}
            onSignOut={() => void signOut()}
          />
        </div>

        {showAdminNav && (
          <nav aria-label="Main" className="order-last flex w-full gap-1 sm:order-none sm:w-auto">
            {items.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  cn(
                    buttonVariants({ variant: 'ghost', size: 'sm' }),
                    'flex-1 sm:flex-none',
                    isActive && 'bg-brand-50 text-brand-700 hover:bg-brand-100 hover:text-brand-800',
                  )
                }
              >
                <Icon aria-hidden="true" />
                {label}
              </NavLink>
            ))}
          </nav>
        )}
      </div>
    </header>
  );
}
