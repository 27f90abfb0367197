import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Checkbox } from './ui/checkbox';
import { Skeleton } from './ui/skeleton';

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  headerClassName?: string;
}

export interface RowSelection<Row> {
  /** Ids of the selected rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Rows that cannot be selected show a disabled checkbox (spec 5: sessions with bookings). */
  isSelectable?: (row: Row) => boolean;
  /** The accessible name of a row's checkbox, e.g. 'Select Speed & Agility, Mon, Nov 23 at 4:30 PM'. */
  rowLabel: (row: Row) => string;
  /** Why a row cannot be selected (its checkbox's title). */
  unselectableReason?: string;
}

interface DataTableProps<Row> {
  /** Names the table for assistive technology (a caption read before the rows). */
  caption: string;
  columns: Array<DataTableColumn<Row>>;
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** While true, placeholder rows are shown instead of the rows. */
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  selection?: RowSelection<Row>;
  rowClassName?: (row: Row) => string | undefined;
  /** The table's minimum width; on narrower screens it scrolls sideways inside its frame. */
  minWidthClassName?: string;
}

/**
 * The admin tables: a header row, optional row selection with a select-all checkbox (only over selectable rows),
 * loading placeholders and an empty state. On a phone the table scrolls sideways within its rounded frame.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  loading = false,
  empty,
  selection,
  rowClassName,
  minWidthClassName = 'min-w-[720px]',
}: DataTableProps<Row>) {
  const selectableIds = selection ? rows.filter((row) => selection.isSelectable?.(row) ?? true).map(getRowId) : [];
  const selectedOnPage = selectableIds.filter((id) => selection?.selected.has(id));
  const allSelected = selectableIds.length > 0 && selectedOnPage.length === selectableIds.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;
  const columnCount = columns.length + (selection ? 1 : 0);

  function toggleAll(checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of selectableIds) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  }

  function toggleRow(id: string, checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  }

  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={cn('w-full border-collapse text-left text-sm', minWidthClassName)} aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {selection && (
              <th scope="col" className="w-12 px-4 py-3">
                <Checkbox
                  aria-label="Select all selectable rows on this page"
                  checked={allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = someSelected;
                  }}
                  disabled={loading || selectableIds.length === 0}
                  onChange={(event) => toggleAll(event.target.checked)}
                />
              </th>
            )}
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn('px-4 py-3', column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {loading ? (
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i}>
                <td colSpan={columnCount} className="px-4 py-3">
                  <Skeleton className="h-6" />
                </td>
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-10 text-center">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const selectable = selection?.isSelectable?.(row) ?? true;
              return (
                <tr key={id} className={cn('align-middle hover:bg-slate-50/70', selection?.selected.has(id) && 'bg-brand-50/60', rowClassName?.(row))}>
                  {selection && (
                    <td className="px-4 py-3">
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.selected.has(id)}
                        disabled={!selectable}
                        title={selectable ? undefined : selection.unselectableReason}
                        onChange={(event) => toggleRow(id, event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.id} className={cn('px-4 py-3', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The empty state inside a table: a short title and what to do next. */
export function TableEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-sm gap-1">
      <p className="font-medium text-slate-900">{title}</p>
      {children && <p className="text-sm text-slate-600">{children}</p>}
    </div>
  );
}
