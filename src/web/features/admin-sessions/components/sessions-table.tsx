import { Link } from 'react-router';
import type { VariantProps } from 'class-variance-authority';
import { Ban, MapPin, Pencil, Trash2 } from 'lucide-react';
import { formatTimeRange } from '../../../../shared/rules/format';
import { adminSessionStatus, type AdminSessionStatus } from '../../../../shared/rules/session-status';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { DataTable, TableEmptyState, type DataTableColumn, type RowSelection } from '../../../components/data-table';
import { Badge, type badgeVariants } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { BookingsMeter } from './bookings-meter';
import { formatTableDate, sessionLabel } from './session-format';

export type SessionAction = 'edit' | 'cancel' | 'delete';

const STATUS_VARIANT: Record<AdminSessionStatus, VariantProps<typeof badgeVariants>['variant']> = {
  Full: 'danger',
  'Nearly Full': 'warning',
  Available: 'success',
  Past: 'outline',
  Cancelled: 'secondary',
};

const isCancelled = (session: SessionDto) => session.status === 'CANCELLED';
/** A session that has started can no longer be edited or cancelled (the server refuses it too). */
const hasStarted = (session: SessionDto, now: Date) => new Date(session.startsAt).getTime() <= now.getTime();
/** Only a session without confirmed bookings can be deleted (the server refuses the others: cancel them instead). */
const isDeletable = (session: SessionDto) => session.bookedCount === 0;

interface SessionsTableProps {
  sessions: readonly SessionDto[];
  loading: boolean;
  now: Date;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  onAction: (action: SessionAction, session: SessionDto) => void;
  /** What the empty state says (depends on the filters). */
  empty: { title: string; hint: string };
}

/** Spec 2, Sessions tab table: select, class, date and time, capacity, bookings bar, waitlist (issue 21), status, actions. */
export function SessionsTable({ sessions, loading, now, selected, onSelectionChange, onAction, empty }: SessionsTableProps) {
  const selection: RowSelection<SessionDto> = {
    selected,
    onChange: onSelectionChange,
    // Spec 5: only sessions without bookings can be selected for bulk delete.
    isSelectable: isDeletable,
    rowLabel: (session) => `Select ${sessionLabel(session)}`,
    unselectableReason: 'Sessions with bookings cannot be deleted; cancel them instead',
  };

  const columns: Array<DataTableColumn<SessionDto>> = [
    {
      id: 'class',
      header: 'Class',
      cell: (session) => (
        <div className="grid min-w-36 gap-0.5">
          {/* Who is coming (issue 19): the session's roster. */}
          <Link
            to={`/admin/sessions/${encodeURIComponent(session.id)}`}
            className={cn('font-medium text-brand-800 underline-offset-2 hover:underline', isCancelled(session) && 'text-slate-500')}
          >
            {session.classType.name}
          </Link>
          <span className="text-xs text-slate-500">Code: {session.classType.code}</span>
        </div>
      ),
    },
    {
      id: 'when',
      header: 'Date and time',
      // Cells holding visually hidden text are positioned, so that text stays inside the table's scroll frame.
      className: 'relative',
      cell: (session) => (
        <div className="grid gap-0.5 whitespace-nowrap">
          <span className={cn('text-slate-900', isCancelled(session) && 'text-slate-500')}>{formatTableDate(session.startsAt)}</span>
          <span className="text-slate-600">{formatTimeRange(session.startsAt, session.endsAt)}</span>
          <span className="flex items-center gap-1 text-xs text-slate-500">
            <MapPin className="size-3" aria-hidden="true" />
            <span className="sr-only">Location: </span>
            {session.location}
          </span>
        </div>
      ),
    },
    {
      id: 'capacity',
      header: 'Capacity',
      className: 'tabular-nums',
      cell: (session) => session.capacity,
    },
    {
      id: 'bookings',
      header: 'Bookings',
      cell: (session) => (
        <div className={cn(isCancelled(session) && 'opacity-60')}>
          <BookingsMeter session={session} />
        </div>
      ),
    },
    {
      // Issue 21: children waiting for a spot; none is shown quietly.
      id: 'waitlist',
      header: 'Waitlist',
      className: 'relative tabular-nums',
      cell: (session) =>
        session.waitlistCount > 0 ? (
          <span className="font-medium text-amber-800">
            {session.waitlistCount}
            <span className="sr-only"> {session.waitlistCount === 1 ? 'child' : 'children'} waiting</span>
          </span>
        ) : (
          <span className="text-slate-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No one waiting</span>
          </span>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (session) => {
        const status = adminSessionStatus(session, now);
        return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>;
      },
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      headerClassName: 'relative text-right',
      className: 'relative text-right',
      cell: (session) => {
        const label = sessionLabel(session);
        const changeable = !isCancelled(session) && !hasStarted(session, now);
        // Only what would succeed: Delete while nobody is booked; a booked session is cancelled instead (which
        // tells the families), and once it has started neither is possible.
        if (!changeable && !isDeletable(session)) return null;
        return (
          <div className="flex justify-end gap-1">
            {changeable && (
              <Button variant="ghost" size="sm" className="px-2" onClick={() => onAction('edit', session)}>
                <Pencil aria-hidden="true" />
                Edit<span className="sr-only"> {label}</span>
              </Button>
            )}
            {changeable && !isDeletable(session) && (
              <Button variant="ghost" size="sm" className="px-2 text-amber-800 hover:bg-amber-50 hover:text-amber-900" onClick={() => onAction('cancel', session)}>
                <Ban aria-hidden="true" />
                Cancel<span className="sr-only"> {label}</span>
              </Button>
            )}
            {isDeletable(session) && (
              <Button variant="ghost" size="sm" className="px-2 text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onAction('delete', session)}>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> {label}</span>
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      caption="Sessions"
      columns={columns}
      rows={sessions}
      getRowId={(session) => session.id}
      loading={loading}
      selection={selection}
      rowClassName={(session) => (isCancelled(session) ? 'bg-slate-50 text-slate-500' : undefined)}
      minWidthClassName="min-w-[1020px]"
      empty={<TableEmptyState title={empty.title}>{empty.hint}</TableEmptyState>}
    />
  );
}
