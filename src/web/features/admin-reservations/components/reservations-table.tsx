import { format } from 'date-fns';
import { formatTableDate, formatTimeRange } from '../../../../shared/rules/format';
import { inToronto } from '../../../../shared/rules/week';
import type { ReactNode } from 'react';
import { attendanceText, type Attendance } from '../../../../shared/rules/attendance';
import type { AdminBookingDto, ReservationDto } from '../../../../shared/schemas/bookings';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { Badge } from '../../../components/ui/badge';
import { BookedBy } from '../../../components/booked-by';

/** When it was booked, in Toronto: 'Nov 22, 2026, 4:30 PM' (the session's day is formatTableDate's). */
export const formatBookedOn = (instant: string) => format(inToronto(instant), 'MMM d, yyyy, h:mm a');
/** A check-in's Toronto time: '5:58 PM'. */
export const formatCheckIn = (instant: string) => format(inToronto(instant), 'h:mm a');

/** Issue 22: 'attended' green, 'no-show' red; the same words as the CSV. */
function AttendanceBadge({ attendance }: { attendance: Attendance }) {
  return <Badge variant={attendance === 'attended' ? 'success' : 'danger'}>{attendanceText(attendance)}</Badge>;
}

/** Each booked child, with the Toronto time they were checked in at the door (issue 22). */
function BookedChildren({ booking }: { booking: ReservationDto }) {
  if (!booking.children.some((kid) => kid.checkedInAt)) return <>{booking.childNames.join(', ')}</>;
  return (
    <ul className="grid gap-0.5">
      {booking.children.map((kid) => (
        <li key={kid.name}>
          {kid.name}
          {kid.checkedInAt && (
            <>
              {' '}
              <span className="text-xs text-green-800">{`checked in ${formatCheckIn(kid.checkedInAt)}`}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

const columns: Array<DataTableColumn<ReservationDto>> = [
  {
    id: 'parent',
    header: 'Parent',
    cell: (booking) => (
      <div className="grid whitespace-nowrap">
        <span className="font-medium text-slate-900">
          {booking.user.firstName} {booking.user.lastName}
        </span>
        <span className="text-xs text-slate-600">{booking.user.email}</span>
      </div>
    ),
  },
  { id: 'class', header: 'Class', cell: (booking) => booking.session.classType.name, className: 'text-slate-900' },
  {
    id: 'session',
    header: 'Session date',
    cell: (booking) => (
      <div className="grid">
        <span className="whitespace-nowrap text-slate-900">{formatTableDate(booking.session.startsAt)}</span>
        <span className="whitespace-nowrap text-xs text-slate-600">{formatTimeRange(booking.session.startsAt, booking.session.endsAt)}</span>
      </div>
    ),
  },
  {
    id: 'booked',
    header: 'Booked on',
    cell: (booking) => <span className="whitespace-nowrap">{formatBookedOn(booking.createdAt)}</span>,
    className: 'text-slate-700',
  },
  {
    id: 'status',
    header: 'Status',
    // Issue 22: a started, confirmed booking also says whether anybody came ('attended' or 'no-show').
    cell: (booking) => (
      <div className="grid justify-items-start gap-1">
        <BookingStatusBadge status={booking.status} />
        {booking.attendance && <AttendanceBadge attendance={booking.attendance} />}
      </div>
    ),
  },
  { id: 'children', header: 'Children', cell: (booking) => <BookedChildren booking={booking} />, className: 'text-slate-700' },
  {
    // Issue 19: who made the booking, and the office's note.
    id: 'by',
    header: 'Booked by',
    cell: (booking) => <BookedBy booking={booking} />,
    className: 'text-slate-700',
  },
];

interface ReservationsTableProps {
  rows: readonly ReservationDto[];
  loading: boolean;
  /** Names the table, e.g. 'Reservations, Nov 15 to Dec 22'. */
  caption: string;
  /** Each row's actions (the front desk's Cancel and Reschedule). */
  renderActions?: ((booking: AdminBookingDto) => ReactNode) | undefined;
}

/** Spec 2, reservations table: parent, class, session date, booked on, status (and attendance) and children. */
export function ReservationsTable({ rows, loading, caption, renderActions }: ReservationsTableProps) {
  const withActions = renderActions
    ? [...columns, { id: 'actions', header: <span className="sr-only">Actions</span>, cell: renderActions } satisfies DataTableColumn<ReservationDto>]
    : columns;
  return (
    <DataTable
      caption={caption}
      columns={withActions}
      rows={rows}
      getRowId={(booking) => booking.id}
      loading={loading}
      minWidthClassName={renderActions ? "min-w-[1040px]" : "min-w-[960px]"}
      empty={<TableEmptyState title="No reservations in this range">Choose another class or day, or clear the date to see the default range.</TableEmptyState>}
    />
  );
}
