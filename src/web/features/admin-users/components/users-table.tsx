import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { VariantProps } from 'class-variance-authority';
import { KeyRound, Mail, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { NO_SHOW_WINDOW_DAYS } from '../../../../shared/rules/attendance';
import { planAllowance } from '../../../../shared/rules/plans';
import { isAdminRole, isStaffRole } from '../../../../shared/rules/roles';
import type { AdminUserDto, AdminUserListItem } from '../../../../shared/schemas/admin-users';
import type { Role } from '../../../../shared/schemas/users';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { Badge, type badgeVariants } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { businessSettingQuery } from '../../../lib/admin-queries';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { childrenText, fullName, ROLE_LABELS } from './user-format';

export type UserAction = 'edit' | 'change-password' | 'send-link' | 'delete';

const ROLE_VARIANT: Record<Role, VariantProps<typeof badgeVariants>['variant']> = {
  PARENT: 'secondary',
  COACH: 'outline',
  ADMIN: 'brand',
  SUPER_ADMIN: 'default',
};

/**
 * Spec 6: passwords are changed for PARENT accounts only; a SUPER_ADMIN (and the signed-in admin) cannot be deleted
 * here, and another administrator only by a SUPER_ADMIN (issue 29: the server refuses anyone else).
 */
export const canChangePassword = (user: AdminUserDto) => user.role === 'PARENT';
export const canDelete = (user: AdminUserDto, signedIn: SignedIn) =>
  user.role !== 'SUPER_ADMIN' && user.id !== signedIn?.id && (!isAdminRole(user.role) || signedIn?.role === 'SUPER_ADMIN');
/**
 * Only a SUPER_ADMIN sends a link to an administrator (the server refuses anyone else; it also refuses an
 * account that was an administrator in the last 30 days, which the row cannot tell). One's own account is fine.
 */
export const canSendLink = (user: AdminUserDto, signedIn: SignedIn) =>
  user.role === 'PARENT' || signedIn?.role === 'SUPER_ADMIN' || user.id === signedIn?.id;

/** The signed-in administrator. */
export type SignedIn = { id: string; role: Role } | null | undefined;

interface UsersTableProps {
  users: readonly AdminUserListItem[];
  loading: boolean;
  signedIn: SignedIn;
  /** `opener` is the button focus returns to when the action's dialog closes. */
  onAction: (action: UserAction, user: AdminUserDto, opener: HTMLElement | null) => void;
  empty: { title: string; hint: string };
}

/** Edit, plus a menu of the row's other actions (each named with the user, for assistive technology). */
function RowActions({ user, signedIn, onAction }: { user: AdminUserDto; signedIn: SignedIn; onAction: UsersTableProps['onAction'] }) {
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = fullName(user);
  const fromMenu = (action: UserAction) => onAction(action, user, menuButton.current);
  const menu = { password: canChangePassword(user), link: canSendLink(user, signedIn), remove: canDelete(user, signedIn) };
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" className="px-2" onClick={(event) => onAction('edit', user, event.currentTarget)}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
      {/* Without a menu, an empty slot of its size keeps the Edit buttons in one column. */}
      {!(menu.password || menu.link || menu.remove) && <span className="size-9 shrink-0" aria-hidden="true" />}
      {(menu.password || menu.link || menu.remove) && (
        <DropdownMenu>
          <Tooltip content="More actions">
            <DropdownMenuTrigger asChild>
              <Button ref={menuButton} variant="ghost" size="icon" className="size-9" aria-label={`More actions for ${name}`}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
          </Tooltip>
          <DropdownMenuContent align="end">
            {menu.password && (
              <DropdownMenuItem onSelect={() => fromMenu('change-password')}>
                <KeyRound aria-hidden="true" />
                Change Password<span className="sr-only"> for {name}</span>
              </DropdownMenuItem>
            )}
            {menu.link && (
              <DropdownMenuItem onSelect={() => fromMenu('send-link')}>
                <Mail aria-hidden="true" />
                Send Set-Password Link<span className="sr-only"> to {name}</span>
              </DropdownMenuItem>
            )}
            {menu.remove && (
              <>
                {(menu.password || menu.link) && <DropdownMenuSeparator />}
                <DropdownMenuItem onSelect={() => fromMenu('delete')} className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800">
                  <Trash2 aria-hidden="true" />
                  Delete User<span className="sr-only"> {name}</span>
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}

/**
 * Spec 2, Users tab table: User (name and e-mail), Children, Role, Status, No-shows (30 days), Actions. Issue 31: a
 * parent's Role cell says what the plan gives ('Plan TWO · 2 sessions a week per child'; the tier alone until the
 * plans' settings are read).
 */
export function UsersTable({ users, loading, signedIn, onAction, empty }: UsersTableProps) {
  const plans = useQuery(businessSettingQuery('plans'));
  const columns: Array<DataTableColumn<AdminUserListItem>> = [
    {
      id: 'user',
      header: 'User',
      cell: (user) => (
        <div className="grid min-w-48 gap-0.5">
          <span className="font-medium text-slate-900">
            {/* The family page (issue 19): the account, its bookings, and acting for the family. */}
            <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="text-brand-800 underline-offset-2 hover:underline">
              {fullName(user)}
            </Link>
            {user.id === signedIn?.id && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
          </span>
          <span className="text-slate-600">{user.email}</span>
        </div>
      ),
    },
    {
      id: 'children',
      header: 'Children',
      cell: (user) => <span className={user.children.length === 0 ? 'text-slate-500' : 'text-slate-900'}>{childrenText(user)}</span>,
    },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => (
        <div className="grid justify-items-start gap-1">
          <Badge variant={ROLE_VARIANT[user.role]}>{ROLE_LABELS[user.role]}</Badge>
          {!isStaffRole(user.role) && <span className="text-xs text-slate-600">{planAllowance(user.planTier, plans.data)}</span>}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <div className="grid justify-items-start gap-1">
          {/* Spec 4's 'Active' for an active account; a deactivated one (it cannot sign in) says 'Inactive'. */}
          {user.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
          {!user.passwordSet && (
            <Tooltip content="Has not chosen a password yet">
              <span className="whitespace-nowrap text-xs text-amber-800">
                Invitation pending
              </span>
            </Tooltip>
          )}
        </div>
      ),
    },
    {
      // Issue 22: confirmed bookings of sessions started in the last 30 days with nobody checked in.
      id: 'no-shows',
      header: `No-shows (${NO_SHOW_WINDOW_DAYS} days)`,
      className: 'tabular-nums',
      cell: (user) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {user.noShows30d > 0 ? <Badge variant="danger">{user.noShows30d}</Badge> : <span className="text-slate-600">0</span>}
          {/* Issue 32: the no-show rule paused the family's online booking (lifted on the family page). */}
          {user.bookingPaused && <Badge variant="warning">Booking paused</Badge>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerClassName: 'text-right',
      className: 'relative text-right',
      cell: (user) => <RowActions user={user} signedIn={signedIn} onAction={onAction} />,
    },
  ];

  return (
    <DataTable
      caption="Users"
      columns={columns}
      rows={users}
      getRowId={(user) => user.id}
      loading={loading}
      minWidthClassName="min-w-[860px]"
      empty={<TableEmptyState title={empty.title}>{empty.hint}</TableEmptyState>}
    />
  );
}
