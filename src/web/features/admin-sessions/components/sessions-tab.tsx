import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarPlus, CalendarRange, Download, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { startOfTorontoDay } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { DEFAULT_PAGE_SIZE, PageSizeSelect } from '../../../components/page-size-select';
import { Pagination } from '../../../components/pagination';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { useNow } from '../../../lib/use-now';
import { sessionsQuery } from '../../../lib/sessions';
import { cn } from '../../../lib/utils';
import { adminListRange } from '../../../../shared/rules/admin-range';
import { sessionsExportUrl, useAdminSessions } from '../api/get-admin-sessions';
import { useClassTypes } from '../../../lib/class-types';
import { BulkCreateDialog } from './bulk-create-dialog';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { CancelSessionDialog } from './cancel-session-dialog';
import { DeleteSessionDialog } from './delete-session-dialog';
import { SessionFormDialog } from './session-form-dialog';
import { SessionsTable, type SessionAction } from './sessions-table';
import { emptyStateOf, jumpTargetOf, rangeTextOf, selectionAfter, selectionWithout, shownRows, todayPageOf } from './sessions-tab-rules';

const ALL_CLASSES = 'all';

type DialogKind = 'create' | 'bulk-create' | 'bulk-delete' | SessionAction;
interface DialogState {
  kind: DialogKind;
  session: SessionDto | null;
  /** Bulk delete: the selected sessions when the dialog opened (so it reads the same while it closes). */
  sessions: readonly SessionDto[];
  open: boolean;
  /** A new key per opening, so a form starts from its defaults (or the edited session) every time. */
  key: number;
}

/**
 * Spec 2, Sessions tab: create, bulk create, edit, cancel, delete and bulk delete sessions; filter by class and
 * Toronto day (default 7 days ago to 30 days ahead); export the filtered list as CSV; 25/50/100 rows a page.
 */
export function SessionsTab() {
  const ids = useId();
  const now = useNow();
  const [classCode, setClassCode] = useState(ALL_CLASSES);
  const [date, setDate] = useState('');
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // null: the page holding today's first session (issue 20: the list opens at today, not 7 days ago).
  const [chosenPage, setPage] = useState<number | null>(null);
  // 'Jump to today' presses: each one brings today's first row into view and focus once its page is on screen.
  const [jumpRequest, setJumpRequest] = useState(0);
  const jumpHandled = useRef(0);
  const tableRef = useRef<HTMLDivElement>(null);
  // The selected sessions by id; kept across pages, cleared by a filter change.
  const [selected, setSelected] = useState<ReadonlyMap<string, SessionDto>>(new Map());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const range = adminListRange(now, date || undefined);
  const filters = { ...range, classCode: classCode === ALL_CLASSES ? undefined : classCode };
  // How many sessions of the range start before today (Toronto): their count gives today's page.
  const startOfToday = startOfTorontoDay(now);
  const beforeToday = useQuery({
    ...sessionsQuery({ ...filters, to: new Date(startOfToday.getTime() - 1).toISOString(), page: 1, limit: 1 }),
    enabled: chosenPage === null && !date,
  });
  const todayPage = todayPageOf({ date, beforeToday: beforeToday.data?.total, beforeTodayFailed: beforeToday.isError, pageSize });
  const page = chosenPage ?? todayPage;
  const sessions = useAdminSessions({ ...filters, page: page ?? 1, limit: pageSize }, page !== null);
  const classTypes = useClassTypes();
  const rows = sessions.data?.sessions ?? [];
  const total = sessions.data?.total ?? 0;
  const totalPages = sessions.data?.totalPages ?? 0;

  // After deletions the current page can fall past the last one: go to the last page that exists.
  if (sessions.data && !sessions.isPlaceholderData && totalPages > 0 && page !== null && page > totalPages) setPage(totalPages);

  /** Any filter or page-size change starts again at today's page (the first page for one day) with nothing selected. */
  function changeFilters(apply: () => void) {
    apply();
    setPage(null);
    setSelected(new Map());
  }

  /** 'Jump to today': the default range's page holding today's first session, that row in view and focused. */
  function jumpToToday() {
    changeFilters(() => setDate(''));
    setJumpRequest((n) => n + 1);
  }

  // The first row starting today or later (else the page's last), once today's page is the one shown.
  const todayShown = chosenPage === null && !date && !sessions.isPlaceholderData && sessions.data !== undefined && sessions.data.page === todayPage;
  const jumpTargetId = todayShown ? jumpTargetOf(rows, startOfToday) : undefined;
  useEffect(() => {
    if (jumpRequest === jumpHandled.current || !jumpTargetId) return;
    jumpHandled.current = jumpRequest;
    const row = tableRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(jumpTargetId)}"]`);
    if (!row) return;
    row.setAttribute('tabindex', '-1');
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [jumpRequest, jumpTargetId]);

  function changeSelection(next: Set<string>) {
    setSelected((current) => selectionAfter(current, next, rows));
  }

  function deselect(removed: readonly SessionDto[]) {
    setSelected((current) => selectionWithout(current, removed));
  }

  function openDialog(kind: DialogKind, session: SessionDto | null = null) {
    openerRef.current = focusedElement();
    const sessions = kind === 'bulk-delete' ? [...selected.values()] : [];
    setDialog((current) => ({ kind, session, sessions, open: true, key: (current?.key ?? 0) + 1 }));
  }
  const setOpen = (open: boolean) => setDialog((current) => (current ? { ...current, open } : null));
  // Focus goes back to the button that opened a dialog, or to the heading when that button is gone.
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);
  const isOpen = (kind: DialogKind) => dialog?.kind === kind && dialog.open;

  // The rows on screen (while the next page loads, the previous one stays, so read its own page and limit).
  const shownPage = sessions.data?.page ?? page ?? 1;
  const shownLimit = sessions.data?.limit ?? pageSize;
  const { first, last } = shownRows(total, shownPage, shownLimit);
  const rangeText = rangeTextOf(date, range);
  const empty = emptyStateOf(date);

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl flex-1 basis-80">
          <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            Sessions
          </h2>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600" aria-live="polite">
            <CalendarRange className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {rangeText}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {selected.size > 0 && (
            <Button variant="destructive" onClick={() => openDialog('bulk-delete')}>
              <Trash2 aria-hidden="true" />
              Delete Selected ({selected.size})
            </Button>
          )}
          <Button variant="outline" asChild>
            <a href={sessionsExportUrl(filters)} download>
              <Download aria-hidden="true" />
              Export
            </a>
          </Button>
          <Button variant="outline" onClick={() => openDialog('bulk-create')}>
            <CalendarRange aria-hidden="true" />
            Bulk Create
          </Button>
          <Button onClick={() => openDialog('create')}>
            <CalendarPlus aria-hidden="true" />
            Create Session
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="grid w-full gap-1.5 sm:w-56">
          <Label htmlFor={`${ids}-class`}>Class</Label>
          <NativeSelect id={`${ids}-class`} value={classCode} onChange={(event) => changeFilters(() => setClassCode(event.target.value))}>
            <option value={ALL_CLASSES}>All classes</option>
            {classTypes.data?.map((classType) => (
              <option key={classType.id} value={classType.code}>
                {classType.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-date`}>Date</Label>
          <div className="flex items-center gap-1">
            <Input
              id={`${ids}-date`}
              type="date"
              className="w-44"
              value={date}
              onChange={(event) => changeFilters(() => setDate(event.target.value))}
            />
            {date && (
              <Tooltip content="Clear date">
                <Button variant="ghost" size="icon" className="size-9" onClick={() => changeFilters(() => setDate(''))} aria-label="Clear date">
                  <X aria-hidden="true" />
                </Button>
              </Tooltip>
            )}
          </div>
        </div>
        <div className="ml-auto">
          <PageSizeSelect value={pageSize} onChange={(size) => changeFilters(() => setPageSize(size))} />
        </div>
      </div>

      {sessions.isError && (
        <QueryErrorAlert title="Failed to fetch sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      )}
      {!(sessions.isError && !sessions.data) && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p aria-live="polite">{sessions.isPending ? 'Loading...' : `Showing ${first} - ${last} of ${total} sessions`}</p>
              <Button variant="outline" size="sm" onClick={jumpToToday}>
                <CalendarCheck aria-hidden="true" />
                Jump to today
              </Button>
            </div>
            {selected.size > 0 && (
              <p>
                {selected.size} selected{' '}
                <Button variant="link" size="sm" className="h-auto px-1" onClick={() => setSelected(new Map())}>
                  Clear selection
                </Button>
              </p>
            )}
          </div>
          <div ref={tableRef} className={cn('transition-opacity', sessions.isPlaceholderData && 'opacity-60')} aria-busy={sessions.isFetching || undefined}>
            <SessionsTable
              sessions={rows}
              loading={sessions.isPending}
              now={now}
              selected={new Set(selected.keys())}
              onSelectionChange={changeSelection}
              onAction={(action, session) => openDialog(action, session)}
              empty={empty}
            />
          </div>
          <Pagination page={page ?? shownPage} totalPages={totalPages} onPageChange={setPage} label="Sessions pages" />
        </>
      )}

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
        <BulkCreateDialog key={dialog.key} open={dialog.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
      )}
      <CancelSessionDialog
        session={dialog?.kind === 'cancel' ? dialog.session : null}
        open={isOpen('cancel')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DeleteSessionDialog
        session={dialog?.kind === 'delete' ? dialog.session : null}
        onDeleted={(session) => deselect([session])}
        open={isOpen('delete')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <BulkDeleteDialog
        sessions={dialog?.kind === 'bulk-delete' ? dialog.sessions : []}
        onDeleted={() => setSelected(new Map())}
        open={isOpen('bulk-delete')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </section>
  );
}
