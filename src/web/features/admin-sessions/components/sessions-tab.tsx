import { useId } from 'react';
import { Pagination } from '../../../components/pagination';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { cn } from '../../../lib/utils';
import { sessionsExportUrl } from '../api/get-admin-sessions';
import { ClosuresSection } from './closures-section';
import { SessionDialogs, SessionsFilters, SessionsHeader, SessionsListBar } from './sessions-tab-parts';
import { SessionsTable } from './sessions-table';
import { useSessionDialogs } from './use-session-dialogs';
import { useSessionsList } from './use-sessions-list';

/**
 * Spec 2, Sessions tab: create, bulk create, edit, cancel, delete and bulk delete sessions; filter by class and
 * Toronto day (default 7 days ago to 30 days ahead); close and reopen days (issue 32, ClosuresSection); export the filtered list as CSV; 25/50/100 rows a page.
 * The list's state is useSessionsList's (use-sessions-list.ts), the dialogs' useSessionDialogs's.
 */
export function SessionsTab() {
  const ids = useId();
  const { tableRef, ...list } = useSessionsList();
  const { sessions, selected } = list;
  const dialogs = useSessionDialogs(selected);

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <SessionsHeader
        headingId={`${ids}-heading`}
        headingRef={dialogs.headingRef}
        rangeText={list.rangeText}
        selectedCount={selected.size}
        exportUrl={sessionsExportUrl(list.filters)}
        onOpen={(kind) => dialogs.openDialog(kind)}
      />
      <ClosuresSection />
      <SessionsFilters
        idPrefix={ids}
        classCode={list.classCode}
        date={list.date}
        pageSize={list.pageSize}
        onClassCode={list.setClassCode}
        onDate={list.setDate}
        onPageSize={list.setPageSize}
      />

      {sessions.isError && <QueryErrorAlert title="Failed to fetch sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {!(sessions.isError && !sessions.data) && (
        <>
          <SessionsListBar
            status={sessions.isPending ? 'Loading...' : `Showing ${list.first} - ${list.last} of ${list.total} sessions`}
            selectedCount={selected.size}
            onJumpToToday={list.jumpToToday}
            onClearSelection={list.clearSelection}
          />
          <div ref={tableRef} className={cn('transition-opacity', sessions.isPlaceholderData && 'opacity-60')} aria-busy={sessions.isFetching || undefined}>
            <SessionsTable
              sessions={list.rows}
              loading={sessions.isPending}
              now={list.now}
              selected={new Set(selected.keys())}
              onSelectionChange={list.changeSelection}
              onAction={(action, session) => dialogs.openDialog(action, session)}
              empty={list.empty}
            />
          </div>
          <Pagination page={list.page} totalPages={list.totalPages} onPageChange={list.setPage} label="Sessions pages" />
        </>
      )}

      <SessionDialogs
        dialog={dialogs.dialog}
        setOpen={dialogs.setOpen}
        onCloseAutoFocus={dialogs.onCloseAutoFocus}
        onDeleted={(session) => list.deselect([session])}
        onBulkDeleted={list.clearSelection}
        onBulkCreated={list.showNewSeries}
      />
    </section>
  );
}
