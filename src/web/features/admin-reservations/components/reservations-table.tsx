import { format } from 'date-fns';
import { formatTimeRange } from '../../../../shared/rules/format';
import { inToronto } from '../../../../shared/rules/week';
import type { ReactNode } from 'react';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { BookedBy } from '../../../components/booked-by';

/** Toronto dates: 'Wed, Nov 25, 2026' for the session, 'Nov 22, 2026, 4:30 PM' for when it was booked. */
export const formatSessionDay = (instant: string) => format(inToronto(instant), 'EEE, MMM d, yyyy');
export const formatBookedOn = (instant: string) => format(inToronto(instant), 'MMM d, yyyy, h:mm a');

const columns: Array<DataTableColumn<AdminBookingDto>> = [
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
        <span className="whitespace-nowrap text-slate-900">{formatSessionDay(booking.session.startsAt)}</span>
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
    cell: (booking) => <BookingStatusBadge status={booking.status} />,
  },
  { id: 'children', header: 'Children', cell: (booking) => booking.childNames.join(', '), className: 'text-slate-700' },
  {
    // Issue 19: who made the booking, and the office's note.
    id: 'by',
    header: 'Booked by',
    cell: (booking) => <BookedBy booking={booking} />,
    className: 'text-slate-700',
  },
];

interface ReservationsTableProps {
  rows: readonly AdminBookingDto[];
  loading: boolean;
  /** Names the table, e.g. 'Reservations, Nov 15 to Dec 22'. */
  caption: string;
  /** Each row's actions (the front desk's Cancel and Reschedule). */
  renderActions?: ((booking: AdminBookingDto) => ReactNode) | undefined;
}

/** Spec 2, reservations table: parent, class, session date, booked on, status and children. */
export function ReservationsTable({ rows, loading, caption, renderActions }: ReservationsTableProps) {
  const withActions = renderActions
    ? [...columns, { id: 'actions', header: <span className="sr-only">Actions</span>, cell: renderActions } satisfies DataTableColumn<AdminBookingDto>]
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
