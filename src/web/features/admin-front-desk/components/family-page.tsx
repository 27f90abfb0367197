import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarPlus, Eraser, PauseCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isStaffRole, ROLE_LABELS } from '../../../../shared/rules/roles';
import { formatShortDate, formatTime, formatTimeRange, fullName } from '../../../../shared/rules/format';
import { isFutureBooking } from '../../../../shared/rules/session-card';
import { bookingPausedOfficeText } from '../../../../shared/rules/attendance';
import { childSexLabel } from '../../../../shared/rules/child-details';
import { ageOn } from '../../../../shared/rules/eligibility';
import { planAllowance } from '../../../../shared/rules/plans';
import { torontoDateKey } from '../../../../shared/rules/week';
import type { FamilyDetailResponse, OfficeActionDto } from '../../../../shared/schemas/admin-users';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { BookedBy } from '../../../components/booked-by';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { cardTable, DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { businessSettingQuery, familyBookingsQuery, familyQuery } from '../../../lib/admin-queries';
import { usePageTitle } from '../../../lib/page-title';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../../lib/auth';
import { EraseFamilyDialog } from './erase-family-dialog';
import { ResetFactorsButton } from './reset-factors-button';
import { LiftPauseDialog } from './lift-pause-dialog';
import { MakeupCreditsCard } from './makeup-credits-card';
import { OfficeBookDialog } from './office-book-dialog';
import { OfficeCancelDialog } from './office-cancel-dialog';
import { OfficeRescheduleDialog } from './office-reschedule-dialog';
import type { RenderOfficeSessionPicker } from './session-picker';

const ACTION_LABELS: Record<OfficeActionDto['action'], string> = {
  BOOK: 'Booked',
  CANCEL: 'Cancelled',
  RESCHEDULE: 'Rescheduled',
  DELETE_FAMILY: 'Deleted the account',
  WAITLIST_PROMOTE: 'Promoted from the waitlist',
  WAITLIST_REMOVE: 'Removed from the waitlist',
  ADD_GUARDIAN: 'Added a guardian',
  REMOVE_GUARDIAN: 'Removed a guardian',
  GRANT_CREDIT: 'Granted a make-up credit',
  REMOVE_CREDIT: 'Removed a make-up credit',
  LIFT_PAUSE: 'Lifted the booking pause',
};

interface FamilyPageProps {
  userId: string;
  renderSessionPicker: RenderOfficeSessionPicker;
  /** The family's waitlists with the office's Promote now and Remove (issue 21; composed in src/web/app). */
  renderWaitlist?: ((family: FamilyDetailResponse) => ReactNode) | undefined;
  /** The family's guardians, children's profiles and emergency contacts (issue 31; composed in src/web/app). */
  renderFamily?: ((family: FamilyDetailResponse) => ReactNode) | undefined;
}

/**
 * /admin/users/:id, the family page (issue 19): the account, the children with this and next week's use, upcoming
 * bookings (cancel, reschedule) and those of the last 90 days, the waitlists it is on (issue 21), what the office
 * did, and 'Book for this family'; issue 32: the make-up credits, granted and removed here. An administrator's account shows the account only.
 */
export function FamilyPage({ userId, renderSessionPicker, renderWaitlist, renderFamily }: FamilyPageProps) {
  const family = useQuery(familyQuery(userId));
  usePageTitle('Admin', family.data ? fullName(family.data.user) : 'Family');
  const [booking, setBooking] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [lifting, setLifting] = useState(false);
  // Erasure (issue 31) is the SUPER_ADMIN's alone; the server refuses anyone else too.
  const me = useAuth().user;
  const canErase = me?.role === 'SUPER_ADMIN';
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/admin?tab=users" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Users
      </Link>
      {family.isError ? (
        <QueryErrorAlert title="This account could not be loaded" error={family.error} onRetry={() => void family.refetch()} />
      ) : !family.data ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the account
          </span>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{fullName(family.data.user)}</h1>
              <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">{family.data.user.email}</p>
            </div>
            {/* Issue 34: a SUPER_ADMIN resets another person's second factors (staff or family). */}
            {canErase && family.data.user.id !== me?.id && isStaffRole(family.data.user.role) && (
              <ResetFactorsButton userId={family.data.user.id} name={fullName(family.data.user)} />
            )}
            {!isStaffRole(family.data.user.role) && (
              <div className="flex flex-wrap gap-2">
                {canErase && family.data.user.id !== me?.id && <ResetFactorsButton userId={family.data.user.id} name={fullName(family.data.user)} />}
                {canErase && family.data.firstGuardianEmail && (
                  <Button variant="outline" className="text-red-700" onClick={() => setErasing(true)}>
                    <Eraser aria-hidden="true" />
                    Erase family…
                  </Button>
                )}
                <Button onClick={() => setBooking(true)} disabled={!family.data.user.isActive}>
                  <CalendarPlus aria-hidden="true" />
                  Book for this family
                </Button>
              </div>
            )}
          </div>
          {/* Issue 32: the no-show rule paused the family's online booking; the office can lift it, with a note. */}
          {!isStaffRole(family.data.user.role) && family.data.bookingPause && (
            <Alert variant="warning" role="status" className="flex-col sm:flex-row sm:items-center">
              <PauseCircle aria-hidden="true" className="hidden sm:block" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{bookingPausedOfficeText(family.data.bookingPause)}</p>
                <p className="mt-1 text-amber-900">The family cannot book or join a waitlist online; the front desk can still book for them.</p>
              </div>
              <Button variant="outline" className="w-fit shrink-0" onClick={() => setLifting(true)}>
                Lift pause
              </Button>
              <LiftPauseDialog userId={userId} familyName={fullName(family.data.user)} open={lifting} onOpenChange={setLifting} />
            </Alert>
          )}
          <div className="grid gap-6 lg:grid-cols-2">
            <AccountCard family={family.data} />
            {!isStaffRole(family.data.user.role) && <ChildrenCard family={family.data} />}
          </div>
          {!isStaffRole(family.data.user.role) && <MakeupCreditsCard family={family.data} />}
          {!isStaffRole(family.data.user.role) && renderFamily?.(family.data)}
          {!isStaffRole(family.data.user.role) && (
            <>
              <FamilyBookings userId={userId} renderSessionPicker={renderSessionPicker} afterUpcoming={renderWaitlist?.(family.data)} />
              <ActivityCard actions={family.data.actions} />
              <OfficeBookDialog family={family.data} open={booking} onOpenChange={setBooking} renderSessionPicker={renderSessionPicker} />
              {canErase && family.data.firstGuardianEmail && (
                <EraseFamilyDialog
                  userId={userId}
                  confirmEmail={family.data.firstGuardianEmail}
                  familyName={fullName(family.data.user)}
                  open={erasing}
                  onOpenChange={setErasing}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}

function AccountCard({ family }: { family: FamilyDetailResponse }) {
  const { user } = family;
  // Issue 31: what the plan gives ('Plan TWO · 2 sessions a week per child'), as Settings → Plans says.
  const plans = useQuery({ ...businessSettingQuery('plans'), enabled: !isStaffRole(user.role) });
  const rows: Array<[string, React.ReactNode]> = [
    ['Role', ROLE_LABELS[user.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.PARENT],
    ['Plan', isStaffRole(user.role) ? user.planTier : planAllowance(user.planTier, plans.data)],
    ['Status', user.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Inactive</Badge>],
    ['Password', user.passwordSet ? 'Set' : 'Invitation pending'],
    ['Created', formatShortDate(user.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ChildrenCard({ family }: { family: FamilyDetailResponse }) {
  const today = torontoDateKey(useNow());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Children</CardTitle>
      </CardHeader>
      <CardContent>
        {family.children.length === 0 ? (
          <p className="text-sm text-slate-600">No children on this account.</p>
        ) : (
          <table className={cardTable.table}>
            <caption className="sr-only">Children and their sessions this week and next week</caption>
            <thead className={cardTable.head}>
              <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
                <th className="pb-2 font-semibold">Child</th>
                <th className="pb-2 font-semibold">Weekly limit</th>
                <th className="pb-2 font-semibold">Date of birth</th>
                <th className="pb-2 font-semibold">Sex</th>
                <th className="pb-2 font-semibold">This week</th>
                <th className="pb-2 font-semibold">Next week</th>
              </tr>
            </thead>
            <tbody className={cn(cardTable.body, 'divide-slate-100')}>
              {family.children.map((child) => (
                <tr key={child.id} className={cn(cardTable.row, 'max-sm:shadow-none')}>
                  <td className={cn('py-2 font-medium text-slate-900', cardTable.cell.title)}>{child.name}</td>
                  <ChildField label="Weekly limit">{child.weeklyLimit}</ChildField>
                  <ChildField label="Date of birth">
                    {child.birthDate ? `${child.birthDate} (age ${ageOn(child.birthDate, today)})` : 'Not recorded'}
                  </ChildField>
                  <ChildField label="Sex">{childSexLabel(child.sex)}</ChildField>
                  <ChildField label="This week">
                    {child.thisWeek.used} used, {child.thisWeek.remaining} left
                  </ChildField>
                  <ChildField label="Next week">
                    {child.nextWeek.used} used, {child.nextWeek.remaining} left
                  </ChildField>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** One labelled value of a child's row (its label shows only on a phone, where the row is a card). */
function ChildField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td className={cn('py-2', cardTable.cell.field)}>
      <span className={cardTable.label}>{label}</span>
      <span className={cardTable.value}>{children}</span>
    </td>
  );
}

function FamilyBookings({
  userId,
  renderSessionPicker,
  afterUpcoming,
}: {
  userId: string;
  renderSessionPicker: RenderOfficeSessionPicker;
  /** Shown between the upcoming and the past bookings (the waitlists). */
  afterUpcoming?: ReactNode;
}) {
  const bookings = useQuery(familyBookingsQuery(userId));
  const now = useNow();
  const [cancelling, setCancelling] = useState<AdminBookingDto | null>(null);
  const [moving, setMoving] = useState<AdminBookingDto | null>(null);
  const rows = bookings.data ?? [];
  const upcoming = rows.filter((b) => isFutureBooking(b, now));
  const past = rows.filter((b) => !isFutureBooking(b, now)).reverse();
  const columns = bookingColumns({ onCancel: setCancelling, onReschedule: setMoving, now });
  if (bookings.isError) {
    return (
      <>
        <QueryErrorAlert title="The bookings could not be loaded" error={bookings.error} onRetry={() => void bookings.refetch()} />
        {afterUpcoming}
      </>
    );
  }
  return (
    <>
      <section className="grid gap-3" aria-labelledby="family-upcoming">
        <h2 id="family-upcoming" className="text-lg font-semibold text-slate-900">
          Upcoming bookings
        </h2>
        <DataTable
          caption="Upcoming bookings"
          columns={columns}
          rows={upcoming}
          getRowId={(b) => b.id}
          loading={bookings.isPending}
          minWidthClassName="min-w-[820px]"
          empty={<TableEmptyState title="No upcoming bookings">Use 'Book for this family' to book a session.</TableEmptyState>}
        />
      </section>
      {afterUpcoming}
      <section className="grid gap-3" aria-labelledby="family-past">
        <h2 id="family-past" className="text-lg font-semibold text-slate-900">
          Past bookings (last 90 days)
        </h2>
        <DataTable
          caption="Past bookings of the last 90 days"
          columns={columns.filter((c) => c.id !== 'actions')}
          rows={past}
          getRowId={(b) => b.id}
          loading={bookings.isPending}
          minWidthClassName="min-w-[720px]"
          empty={<TableEmptyState title="No bookings in the last 90 days" />}
        />
      </section>
      <OfficeCancelDialog booking={cancelling} open={cancelling !== null} onOpenChange={(open) => !open && setCancelling(null)} />
      <OfficeRescheduleDialog
        booking={moving}
        open={moving !== null}
        onOpenChange={(open) => !open && setMoving(null)}
        renderSessionPicker={renderSessionPicker}
      />
    </>
  );
}

/** The columns of a family's bookings; `actions` offers Cancel and Reschedule on future confirmed ones. */
export function bookingColumns({
  onCancel,
  onReschedule,
  now,
}: {
  onCancel: (b: AdminBookingDto) => void;
  onReschedule: (b: AdminBookingDto) => void;
  now: Date;
}): Array<DataTableColumn<AdminBookingDto>> {
  return [
    {
      id: 'session',
      header: 'Session',
      cell: (b) => (
        <div className="grid">
          <span className="font-medium text-slate-900">{b.session.classType.name}</span>
          <span className="whitespace-nowrap text-xs text-slate-600">
            {formatShortDate(b.session.startsAt)}, {formatTimeRange(b.session.startsAt, b.session.endsAt)}
          </span>
        </div>
      ),
    },
    { id: 'children', header: 'Children', cell: (b) => b.childNames.join(', ') },
    {
      id: 'status',
      header: 'Status',
      // The same words as the Reservations report: Confirmed, Cancelled, or Pending for anything else.
      cell: (b) => <BookingStatusBadge status={b.status} />,
    },
    {
      id: 'by',
      header: 'Booked by',
      cell: (b) => <BookedBy booking={b} />,
    },
    { id: 'reference', header: 'Reference', cell: (b) => <span className="font-mono text-xs">{b.reference}</span> },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (b) =>
        b.status === 'CONFIRMED' && isFutureBooking(b, now) ? (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => onReschedule(b)} aria-label={`Reschedule ${b.reference}`}>
              Reschedule
            </Button>
            <Button variant="outline" size="sm" onClick={() => onCancel(b)} aria-label={`Cancel ${b.reference}`}>
              Cancel
            </Button>
          </div>
        ) : null,
    },
  ];
}

function ActivityCard({ actions }: { actions: OfficeActionDto[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What the office did</CardTitle>
      </CardHeader>
      <CardContent>
        {actions.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet: the family made every change itself.</p>
        ) : (
          <ol className="grid gap-3 text-sm">
            {actions.map((a) => (
              <li key={a.id} className="grid gap-0.5 border-l-2 border-brand-200 pl-3">
                <span className="text-slate-900">
                  <strong className="font-semibold">{ACTION_LABELS[a.action]}</strong>
                  {a.className && ` ${a.childNames.join(', ')} – ${a.className}`}
                  {a.startsAt && `, ${formatShortDate(a.startsAt)} at ${formatTime(a.startsAt)}`}
                  {a.previousStartsAt && ` (was ${formatShortDate(a.previousStartsAt)} at ${formatTime(a.previousStartsAt)})`}
                  {a.reference && ` · ${a.reference}`}
                  {a.overrideWeeklyLimit && ' · weekly limit overridden'}
                </span>
                <span className="text-xs text-slate-600">
                  {a.adminName}, {formatShortDate(a.createdAt)} at {formatTime(a.createdAt)}
                  {a.note && ` — “${a.note}”`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
