import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Checkbox } from './ui/checkbox';
import { Skeleton } from './ui/skeleton';

/** Where a cell goes when a row is shown as a card (below 640 px, see DataTable). */
export type CardPlacement = 'title' | 'field' | 'actions';

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  headerClassName?: string;
  /**
   * On a phone each row is a card: 'title' is its first line (no label), 'field' a line labelled with the header,
   * 'actions' its foot. By default the first column is the title, a column with the id 'actions' the foot, and
   * every other a field.
   */
  card?: CardPlacement;
  /** The label of a 'field' on a card, when it should differ from the header (a header that is only for screen readers). */
  cardLabel?: ReactNode;
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
  /** The table's minimum width from 640 px up; on narrower screens it scrolls sideways inside its frame. */
  minWidthClassName?: string;
}

/**
 * Below 640 px (Tailwind's `sm`) a table is a list of cards, one per row, so a phone never scrolls sideways and
 * every action stays in reach (issue 20). One markup for both: the table's own elements are restyled, the
 * column headers stay in the markup for assistive technology from 640 px up, and on a phone each value carries
 * its header as a visible label instead (the header row is hidden there). Other tables (the roster, the family's
 * children) use these classes too.
 */
export const cardTable = {
  /** The frame: a bordered box that scrolls sideways from 640 px; below it, no frame (the cards are the boxes). */
  frame: 'relative overflow-x-auto rounded-lg border border-slate-200 bg-white max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent',
  table: 'w-full border-collapse text-left text-sm max-sm:block max-sm:min-w-0',
  head: 'max-sm:hidden',
  body: 'divide-y divide-slate-200 max-sm:grid max-sm:gap-3 max-sm:divide-y-0',
  /** A row: on a phone, a card of two columns (an optional checkbox, then the title; fields and actions span both). */
  row: 'max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)] max-sm:items-start max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-4 max-sm:shadow-sm',
  /** A row that holds one wide cell (loading, empty). */
  wideRow: 'max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white',
  wideCell: 'max-sm:block',
  cell: {
    select: 'max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0 max-sm:pt-0.5',
    title: 'max-sm:col-span-2 max-sm:p-0 max-sm:text-left max-sm:*:max-w-none max-sm:*:min-w-0',
    titleAfterSelect: 'max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:text-left max-sm:*:max-w-none max-sm:*:min-w-0',
    field: 'max-sm:col-span-2 max-sm:grid max-sm:grid-cols-[7.5rem_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-3 max-sm:p-0 max-sm:text-left',
    actions: 'max-sm:col-span-2 max-sm:mt-1 max-sm:border-t max-sm:border-slate-100 max-sm:p-0 max-sm:pt-3 max-sm:empty:hidden',
  },
  /** The visible label of a field on a card (hidden from 640 px up, where the header row labels it). */
  label: 'whitespace-normal text-xs font-semibold uppercase tracking-wide text-slate-500 sm:hidden',
  /** A field's value on a card: its contents may shrink and wrap; from 640 px up it is no box at all. */
  value: 'min-w-0 sm:contents max-sm:*:max-w-full max-sm:*:min-w-0 max-sm:[overflow-wrap:anywhere]',
} as const;

const placementOf = <Row,>(column: DataTableColumn<Row>, index: number): CardPlacement =>
  column.card ?? (index === 0 ? 'title' : column.id === 'actions' ? 'actions' : 'field');

/**
 * The admin tables: a header row, optional row selection with a select-all checkbox (only over selectable rows),
 * loading placeholders and an empty state. From 640 px up a table (it scrolls sideways within its rounded frame
 * when wider than the screen); below, each row is a labelled card (see cardTable).
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

  function cellClassName(column: DataTableColumn<Row>, index: number): string {
    const placement = placementOf(column, index);
    if (placement === 'title') return selection ? cardTable.cell.titleAfterSelect : cardTable.cell.title;
    return cardTable.cell[placement];
  }

  return (
    <div className={cardTable.frame}>
      {/* On a phone, the select-all checkbox (in the hidden header row) is offered above the cards. */}
      {selection && !loading && rows.length > 0 && (
        <label className="mb-3 flex items-center gap-2 text-sm text-slate-700 sm:hidden">
          <Checkbox
            aria-label="Select all selectable rows on this page"
            checked={allSelected}
            ref={(input) => {
              if (input) input.indeterminate = someSelected;
            }}
            disabled={selectableIds.length === 0}
            onChange={(event) => toggleAll(event.target.checked)}
          />
          <span aria-hidden="true">Select all on this page</span>
        </label>
      )}
      <table className={cn(cardTable.table, minWidthClassName, 'max-sm:min-w-0')} aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600', cardTable.head)}>
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
        <tbody className={cardTable.body}>
          {loading ? (
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i} className={cardTable.wideRow}>
                <td colSpan={columnCount} className={cn('px-4 py-3', cardTable.wideCell)}>
                  <Skeleton className="h-6" />
                </td>
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr className={cardTable.wideRow}>
              <td colSpan={columnCount} className={cn('px-4 py-10 text-center', cardTable.wideCell)}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const selectable = selection?.isSelectable?.(row) ?? true;
              return (
                <tr
                  key={id}
                  data-row-id={id}
                  className={cn(
                    'align-middle hover:bg-slate-50/70 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600',
                    cardTable.row,
                    selection?.selected.has(id) && 'bg-brand-50/60 max-sm:bg-brand-50/60',
                    rowClassName?.(row),
                  )}
                >
                  {selection && (
                    <td className={cn('px-4 py-3', cardTable.cell.select)}>
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.selected.has(id)}
                        disabled={!selectable}
                        title={selectable ? undefined : selection.unselectableReason}
                        onChange={(event) => toggleRow(id, event.target.checked)}
                      />
                    </td>
                  )}
                  {columns.map((column, index) => {
                    const placement = placementOf(column, index);
                    return (
                      <td key={column.id} className={cn('px-4 py-3', column.className, cellClassName(column, index))}>
                        {placement === 'field' ? (
                          <>
                            <span className={cardTable.label}>{column.cardLabel ?? column.header}</span>
                            <div className={cardTable.value}>{column.cell(row)}</div>
                          </>
                        ) : (
                          column.cell(row)
                        )}
                      </td>
                    );
                  })}
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
