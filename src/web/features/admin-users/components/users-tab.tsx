import { Search, Upload, UserPlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminUserDto } from '../../../../shared/schemas/admin-users';
import { DEFAULT_PAGE_SIZE, PageSizeSelect } from '../../../components/page-size-select';
import { Pagination } from '../../../components/pagination';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useAuth } from '../../../lib/auth';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { bringIntoView } from '../../../lib/bring-into-view';
import { cn } from '../../../lib/utils';
import { useAdminUsers } from '../api/get-admin-users';
import { ChangeUserPasswordDialog } from './change-user-password-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ImportCsvWizard } from './import-csv-wizard';
import { SendSetPasswordLinkDialog } from './send-set-password-link-dialog';
import { UsersTable, type UserAction } from './users-table';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

type DialogKind = 'create' | 'import' | UserAction;
interface DialogState {
  kind: DialogKind;
  user: AdminUserDto | null;
  open: boolean;
  /** A new key per opening, so a form starts from its defaults (or the edited user) every time. */
  key: number;
}

/**
 * Spec 2, Users tab: search (name, e-mail or a child's name, on the server), 25/50/100 rows a page, the users
 * table with its row actions, and the 'Import CSV' and 'Add New User' dialogs.
 */
export function UsersTab() {
  const ids = useId();
  const { user: signedIn } = useAuth();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // The search is sent once typing pauses; a new search starts again at page 1.
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const users = useAdminUsers({ page, limit: pageSize, search });
  // Issue 33: a search's answer brings the search box and the results below it to the top of a phone's screen.
  const searchBarRef = useRef<HTMLDivElement>(null);
  const answered = search && users.data && !users.isPlaceholderData ? search : null;
  useEffect(() => {
    if (answered) bringIntoView(searchBarRef.current);
  }, [answered]);
  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const totalPages = users.data?.totalPages ?? 0;

  // After a deletion the current page can fall past the last one: go to the last page that exists.
  if (users.data && !users.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);

  function clearSearch() {
    setSearchText('');
    setSearch('');
    setPage(1);
    searchRef.current?.focus();
  }

  function openDialog(kind: DialogKind, user: AdminUserDto | null = null, opener: HTMLElement | null = focusedElement()) {
    openerRef.current = opener;
    setDialog((current) => ({ kind, user, open: true, key: (current?.key ?? 0) + 1 }));
  }
  const setOpen = (open: boolean) => setDialog((current) => (current ? { ...current, open } : null));
  // Focus goes back to the button that opened a dialog, or to the heading when that button is gone.
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);
  const isOpen = (kind: DialogKind) => dialog?.kind === kind && dialog.open;

  // The rows on screen (while the next page loads, the previous one stays, so read its own page and limit).
  const shownPage = users.data?.page ?? page;
  const shownLimit = users.data?.limit ?? pageSize;
  const first = total === 0 ? 0 : (shownPage - 1) * shownLimit + 1;
  const last = Math.min(total, shownPage * shownLimit);
  const empty = search
    ? { title: 'No users match your search', hint: 'Try adjusting your search terms' }
    : { title: 'No users found', hint: 'Create your first user to get started.' };
  const dialogUser = dialog?.user ?? null;

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl flex-1 basis-72">
          <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            Users
          </h2>
          <p className="mt-1 text-sm text-slate-600">Family and staff accounts. Families without a password get an email to choose one.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => openDialog('import')}>
            <Upload aria-hidden="true" />
            Import CSV
          </Button>
          <Button onClick={() => openDialog('create')}>
            <UserPlus aria-hidden="true" />
            Add New User
          </Button>
        </div>
      </div>

      <div ref={searchBarRef} className="flex scroll-mt-20 flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div role="search" className="flex min-w-0 flex-1 basis-72 items-center gap-2">
          <div className="relative min-w-0 flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              ref={searchRef}
              type="search"
              aria-label="Search users"
              placeholder="Search by name, email, or child's name..."
              autoComplete="off"
              spellCheck={false}
              className="pl-9 [&::-webkit-search-cancel-button]:hidden"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && searchText) {
                  event.preventDefault();
                  clearSearch();
                }
              }}
            />
          </div>
          {searchText && (
            <Button variant="ghost" onClick={clearSearch}>
              <X aria-hidden="true" />
              Clear
            </Button>
          )}
        </div>
        <div className="ml-auto">
          <PageSizeSelect
            value={pageSize}
            onChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </div>
      </div>

      {users.isError && <QueryErrorAlert title="Failed to fetch users" error={users.error} onRetry={() => void users.refetch()} />}
      {!(users.isError && !users.data) && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {users.isPending ? 'Loading...' : `Showing ${first} - ${last} of ${total} users`}
          </p>
          <div className={cn('transition-opacity', users.isPlaceholderData && 'opacity-60')} aria-busy={users.isFetching || undefined}>
            <UsersTable
              users={rows}
              loading={users.isPending}
              signedIn={signedIn}
              onAction={(action, user, opener) => openDialog(action, user, opener)}
              empty={empty}
            />
          </div>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Users pages" />
        </>
      )}

      {dialog?.kind === 'create' && <CreateUserDialog key={dialog.key} open={dialog.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />}
      {dialog?.kind === 'edit' && dialogUser && (
        <EditUserDialog
          key={dialog.key}
          user={dialogUser}
          isOwnAccount={dialogUser.id === signedIn?.id}
          protectedAccount={dialogUser.role === 'SUPER_ADMIN' && signedIn?.role !== 'SUPER_ADMIN'}
          actorIsSuperAdmin={signedIn?.role === 'SUPER_ADMIN'}
          open={dialog.open}
          onOpenChange={setOpen}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
      {dialog?.kind === 'change-password' && dialogUser && (
        <ChangeUserPasswordDialog key={dialog.key} user={dialogUser} open={dialog.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
      )}
      <ImportCsvWizard open={isOpen('import')} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
      <SendSetPasswordLinkDialog
        user={dialog?.kind === 'send-link' ? dialogUser : null}
        open={isOpen('send-link')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DeleteUserDialog
        user={dialog?.kind === 'delete' ? dialogUser : null}
        open={isOpen('delete')}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </section>
  );
}
