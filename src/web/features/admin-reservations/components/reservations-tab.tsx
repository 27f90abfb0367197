import type { ReactNode } from 'react';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { format } from 'date-fns';
import { Download, X } from 'lucide-react';
import { useId, useState } from 'react';
import { formatTableDate } from '../../../../shared/rules/format';
import { torontoMidnightOf } from '../../../../shared/rules/week';
import { DEFAULT_PAGE_SIZE, PageSizeSelect } from '../../../components/page-size-select';
import { Pagination } from '../../../components/pagination';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { useNow } from '../../../lib/use-now';
import { ADMIN_RANGE_DAYS_AHEAD, ADMIN_RANGE_DAYS_BACK, adminListRange } from '../../../../shared/rules/admin-range';
import { ALL_CLASSES, classFilterOf, useClassTypes } from '../../../lib/class-types';
import { reservationsExportUrl, useReservations, type ReservationsFilter } from '../api/get-reservations';
import { ReservationCountCards } from './reservation-count-cards';
import { ReservationsTable } from './reservations-table';


/** 'from Nov 15 to Dec 22' (years added when the range crosses one), or 'on Wed, Nov 25, 2026' for one day. */
export function rangeLabel({ from, to }: { from: string; to: string }): string {
  const first = torontoMidnightOf(from);
  const last = torontoMidnightOf(to);
  if (from === to) return `on ${formatTableDate(first)}`;
  const pattern = first.getFullYear() === last.getFullYear() ? 'MMM d' : 'MMM d, yyyy';
  return `from ${format(first, pattern)} to ${format(last, pattern)}`;
}

/** Spec 2, Reservations tab: class and day filters, confirmed counts per class, a CSV export and the bookings table. */
/** What each row offers (the front desk's Cancel and Reschedule, composed in src/web/app). */
export type RenderReservationActions = (booking: AdminBookingDto) => ReactNode;

export function ReservationsTab({ renderActions }: { renderActions?: RenderReservationActions } = {}) {
  const ids = useId();
  const now = useNow();
  const [classCode, setClassCode] = useState(ALL_CLASSES);
  const [day, setDay] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);

  const range = adminListRange(now, day || undefined);
  const chosenClass = classFilterOf(classCode);
  const filter: ReservationsFilter = { ...range, classCode: chosenClass };
  const classTypes = useClassTypes();
  // The cards count every class in the range; the table follows the class filter (the same query when none is chosen).
  const allInRange = useReservations(range);
  const reservations = useReservations(filter);

  const rows = reservations.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const currentPage = Math.min(page, totalPages);
  const pageRows = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const failed = [reservations, allInRange].find((query) => query.isError);
  const rangeText = rangeLabel(range);

  function changeFilter(apply: () => void) {
    apply();
    setPage(1);
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${ids}-title`} className="text-lg font-semibold tracking-tight text-slate-900">
            Reservations
          </h2>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {`Showing sessions ${rangeText}`}
            {!day && <span className="text-slate-500"> {`(${ADMIN_RANGE_DAYS_BACK} days back to ${ADMIN_RANGE_DAYS_AHEAD} days ahead)`}</span>}
          </p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={reservationsExportUrl(filter)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-1.5 sm:w-60">
          <Label htmlFor={`${ids}-class`}>Class</Label>
          <NativeSelect id={`${ids}-class`} value={classCode} onChange={(event) => changeFilter(() => setClassCode(event.target.value))}>
            <option value={ALL_CLASSES}>All classes</option>
            {(classTypes.data ?? []).map((classType) => (
              <option key={classType.id} value={classType.code}>
                {classType.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor={`${ids}-day`}>Date</Label>
          <Input id={`${ids}-day`} type="date" value={day} onChange={(event) => changeFilter(() => setDay(event.target.value))} />
        </div>
        {day && (
          <Button variant="ghost" className="justify-self-start" onClick={() => changeFilter(() => setDay(''))}>
            <X aria-hidden="true" />
            Clear date
          </Button>
        )}
      </div>

      {classTypes.isError ? (
        <QueryErrorAlert title="Failed to fetch class types" error={classTypes.error} onRetry={() => void classTypes.refetch()} />
      ) : (
        !allInRange.isError && (
          <ReservationCountCards classTypes={classTypes.data} bookings={allInRange.data} selectedClassCode={chosenClass} />
        )
      )}

      {failed ? (
        <QueryErrorAlert
          title="Failed to fetch reservations"
          error={failed.error}
          onRetry={() => {
            if (allInRange.isError) void allInRange.refetch();
            if (reservations.isError) void reservations.refetch();
          }}
        />
      ) : (
        <div className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" aria-live="polite">
              {reservations.isPending
                ? 'Loading...'
                : rows.length === 0
                  ? 'No reservations'
                  : `Showing ${(currentPage - 1) * pageSize + 1} - ${(currentPage - 1) * pageSize + pageRows.length} of ${rows.length} reservations`}
            </p>
            <PageSizeSelect value={pageSize} onChange={(size) => changeFilter(() => setPageSize(size))} />
          </div>
          <ReservationsTable rows={pageRows} loading={reservations.isPending} caption={`Reservations ${rangeText}`} renderActions={renderActions} />
          <Pagination page={currentPage} totalPages={totalPages} onPageChange={setPage} label="Reservations pages" />
        </div>
      )}
    </section>
  );
}
