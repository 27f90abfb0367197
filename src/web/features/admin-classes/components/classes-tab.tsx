import { Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { useClassTypes } from '../../../lib/class-types';
import { EditClassTypeDialog } from './edit-class-type-dialog';

/** 'Ages 8-14'; one open end reads 'Ages 8+' or 'Ages up to 14'. */
export function ageRangeLabel({ minAge, maxAge }: Pick<ClassTypeDto, 'minAge' | 'maxAge'>): string {
  if (minAge !== null && maxAge !== null) return `Ages ${minAge}-${maxAge}`;
  if (minAge !== null) return `Ages ${minAge}+`;
  if (maxAge !== null) return `Ages up to ${maxAge}`;
  return 'All ages';
}

/** Spec 2, Classes tab ('Class Type Management'): the class types with their codes, ages and descriptions, and Edit. */
export function ClassesTab() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const classTypes = useClassTypes();
  const [editing, setEditing] = useState<{ classType: ClassTypeDto; open: boolean } | null>(null);

  function edit(classType: ClassTypeDto) {
    openerRef.current = focusedElement();
    setEditing({ classType, open: true });
  }

  const columns: Array<DataTableColumn<ClassTypeDto>> = [
    {
      id: 'class-type',
      header: 'Class Type',
      cell: (classType) => (
        <div className="grid min-w-40 gap-0.5">
          <span className="font-medium text-slate-900">{classType.name}</span>
          <span className="whitespace-nowrap text-xs text-slate-600">
            Code: <span className="font-mono">{classType.code}</span>
            {classType.girlsOnly && <span className="ml-2 font-medium text-brand-700">(Girls Only)</span>}
          </span>
          {/* Issue 33: what a new session of the class starts with (the table keeps the spec's four columns). */}
          <span className="text-xs text-slate-600">{`New sessions: ${classType.defaultCapacity} spots, ${classType.defaultLocation}`}</span>
        </div>
      ),
    },
    {
      id: 'ages',
      header: 'Age Range',
      headerClassName: 'whitespace-nowrap',
      cell: (classType) => ageRangeLabel(classType),
      className: 'whitespace-nowrap text-slate-700',
    },
    {
      id: 'description',
      header: 'Description',
      cell: (classType) =>
        classType.description ? (
          <p className="min-w-56 max-w-prose text-slate-700">{classType.description}</p>
        ) : (
          <span className="italic text-slate-500">No description</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerClassName: 'text-right',
      // relative: the button's screen-reader text is positioned inside the cell, so it scrolls with the table.
      className: 'relative text-right',
      cell: (classType) => (
        <Button variant="outline" size="sm" onClick={() => edit(classType)}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only">{` ${classType.name}`}</span>
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-5">
      <div>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight text-slate-900 focus:outline-none"
        >
          Class Type Management
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The classes parents see in the calendar. Edit a name or description; codes and age ranges are fixed.
        </p>
      </div>

      {classTypes.isError ? (
        <QueryErrorAlert title="Failed to fetch class types" error={classTypes.error} onRetry={() => void classTypes.refetch()} />
      ) : (
        <DataTable
          caption="Class types"
          columns={columns}
          rows={classTypes.data ?? []}
          getRowId={(classType) => classType.id}
          loading={classTypes.isPending}
          empty={<TableEmptyState title="No class types found">Class types appear here once they are configured.</TableEmptyState>}
        />
      )}

      <EditClassTypeDialog
        classType={editing?.classType ?? null}
        open={editing?.open ?? false}
        onOpenChange={(open) => setEditing((current) => (current ? { ...current, open } : null))}
        onCloseAutoFocus={(event) => restoreFocus(event, openerRef.current, headingRef.current)}
      />
    </section>
  );
}
