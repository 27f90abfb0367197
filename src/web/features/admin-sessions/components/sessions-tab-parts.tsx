import { CalendarCheck, CalendarPlus, CalendarRange, Download, Trash2, X } from 'lucide-react';
import type { Ref } from 'react';
import type { BulkSessionResponse, SessionDto } from '../../../../shared/schemas/sessions';
import { PageSizeSelect } from '../../../components/page-size-select';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Tooltip } from '../../../components/ui/tooltip';
import { ALL_CLASSES, useClassTypes } from '../../../lib/class-types';
import { BulkCreateDialog } from './bulk-create-dialog';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { CancelSessionDialog } from './cancel-session-dialog';
import { DeleteSessionDialog } from './delete-session-dialog';
import { SessionFormDialog } from './session-form-dialog';
import { type SessionDialogKind, type SessionDialogState } from './sessions-tab-rules';

/** The heading, the range shown, and the tab's actions (Delete Selected, Export, Bulk Create, Create Session). */
export function SessionsHeader({
  headingId,
  headingRef,
  rangeText,
  selectedCount,
  exportUrl,
  onOpen,
}: {
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
  rangeText: string;
  selectedCount: number;
  exportUrl: string;
  onOpen: (kind: SessionDialogKind) => void;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 max-w-2xl flex-1 basis-80">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Sessions
        </h2>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600" aria-live="polite">
          <CalendarRange className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {rangeText}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {selectedCount > 0 && (
          <Button variant="destructive" onClick={() => onOpen('bulk-delete')}>
            <Trash2 aria-hidden="true" />
            Delete Selected ({selectedCount})
          </Button>
        )}
        <Button variant="outline" asChild>
          <a href={exportUrl} download>
            <Download aria-hidden="true" />
            Export
          </a>
        </Button>
        <Button variant="outline" onClick={() => onOpen('bulk-create')}>
          <CalendarRange aria-hidden="true" />
          Bulk Create
        </Button>
        <Button onClick={() => onOpen('create')}>
          <CalendarPlus aria-hidden="true" />
          Create Session
        </Button>
      </div>
    </div>
  );
}

/** The class and day filters, and the page size. */
export function SessionsFilters({
  idPrefix,
  classCode,
  date,
  pageSize,
  onClassCode,
  onDate,
  onPageSize,
}: {
  idPrefix: string;
  classCode: string;
  date: string;
  pageSize: number;
  onClassCode: (value: string) => void;
  onDate: (value: string) => void;
  onPageSize: (size: number) => void;
}) {
  const classTypes = useClassTypes();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid w-full gap-1.5 sm:w-56">
        <Label htmlFor={`${idPrefix}-class`}>Class</Label>
        <NativeSelect id={`${idPrefix}-class`} value={classCode} onChange={(event) => onClassCode(event.target.value)}>
          <option value={ALL_CLASSES}>All classes</option>
          {classTypes.data?.map((classType) => (
            <option key={classType.id} value={classType.code}>
              {classType.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-date`}>Date</Label>
        <div className="flex items-center gap-1">
          <Input id={`${idPrefix}-date`} type="date" className="w-44" value={date} onChange={(event) => onDate(event.target.value)} />
          {date && (
            <Tooltip content="Clear date">
              <Button variant="ghost" size="icon" className="size-9" onClick={() => onDate('')} aria-label="Clear date">
                <X aria-hidden="true" />
              </Button>
            </Tooltip>
          )}
        </div>
      </div>
      <div className="ml-auto">
        <PageSizeSelect value={pageSize} onChange={onPageSize} />
      </div>
    </div>
  );
}

/** Above the table: the rows shown, 'Jump to today', and the selection with 'Clear selection'. */
export function SessionsListBar({
  status,
  selectedCount,
  onJumpToToday,
  onClearSelection,
}: {
  status: string;
  selectedCount: number;
  onJumpToToday: () => void;
  onClearSelection: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p aria-live="polite">{status}</p>
        <Button variant="outline" size="sm" onClick={onJumpToToday}>
          <CalendarCheck aria-hidden="true" />
          Jump to today
        </Button>
      </div>
      {selectedCount > 0 && (
        <p>
          {selectedCount} selected{' '}
          <Button variant="link" size="sm" className="h-auto px-1" onClick={onClearSelection}>
            Clear selection
          </Button>
        </p>
      )}
    </div>
  );
}

/** The tab's dialogs: the one open (or closing) shows; the others stay closed. */
export function SessionDialogs({
  dialog,
  setOpen,
  onCloseAutoFocus,
  onDeleted,
  onBulkDeleted,
  onBulkCreated,
}: {
  dialog: SessionDialogState | null;
  setOpen: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  onDeleted: (session: SessionDto) => void;
  onBulkDeleted: () => void;
  onBulkCreated: (created: BulkSessionResponse, classCode: string | undefined) => void;
}) {
  const isOpen = (kind: SessionDialogKind) => dialog?.kind === kind && dialog.open;
  return (
    <>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <SessionFormDialog
          key={dialog.key}
          session={dialog.kind === 'edit' ? dialog.session : null}
          open={dialog.open}
          onOpenChange={setOpen}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
      {dialog?.kind === 'bulk-create' && (
        <BulkCreateDialog key={dialog.key} open={dialog.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} onCreated={onBulkCreated} />
      )}
      <CancelSessionDialog
        session={dialog?.kind === 'cancel' ? dialog.session : null}
        open={isOpen('cancel')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DeleteSessionDialog
        session={dialog?.kind === 'delete' ? dialog.session : null}
        onDeleted={onDeleted}
        open={isOpen('delete')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <BulkDeleteDialog
        sessions={dialog?.kind === 'bulk-delete' ? dialog.sessions : []}
        onDeleted={onBulkDeleted}
        open={isOpen('bulk-delete')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
