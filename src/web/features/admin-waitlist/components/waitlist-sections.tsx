import { TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatShortDate, formatTime, formatTimeRange, plural } from '../../../../shared/rules/format';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { AdminWaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { cardTable, DataTable, TableEmptyState } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { PromoteWaitlistDialog } from './promote-waitlist-dialog';
import { RemoveWaitlistDialog } from './remove-waitlist-dialog';
import { heldBackNote, joinedLabel } from './waitlist-format';

/** Which entry a dialog is open for. */
type Acting = { action: 'promote' | 'remove'; entry: AdminWaitlistEntryDto } | null;

/** The children of an entry, and why automatic promotion passes it by (a child at the weekly limit). */
function EntryChildren({ entry, now }: { entry: AdminWaitlistEntryDto; now: Date }) {
  const held = heldBackNote(entry.heldBack, entry.session.startsAt, now);
  return (
    <div className="grid gap-0.5">
      <span className="text-slate-900">{entry.childNames.join(', ')}</span>
      {held && (
        <span className="flex items-start gap-1 text-xs text-amber-800">
          <TriangleAlert className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          {held}
        </span>
      )}
    </div>
  );
}

/** 'Promote now' and 'Remove' of one entry; `label` tells the buttons of different entries apart for assistive technology. */
function EntryActions({ entry, label, onAct }: { entry: AdminWaitlistEntryDto; label: string; onAct: (acting: Acting) => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" onClick={() => onAct({ action: 'promote', entry })} aria-label={`Promote now: ${label}`}>
        Promote now
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => onAct({ action: 'remove', entry })}
        aria-label={`Remove from the waitlist: ${label}`}
      >
        Remove
      </Button>
    </div>
  );
}

/** The two dialogs of a waitlist section. */
function EntryDialogs({ acting, onDone, availableSpots }: { acting: Acting; onDone: () => void; availableSpots?: number | undefined }) {
  // The entry stays in state while a dialog closes, so its content does not vanish during the closing animation.
  const [last, setLast] = useState<Acting>(acting);
  if (acting && acting !== last) setLast(acting);
  const shown = acting ?? last;
  return (
    <>
      <PromoteWaitlistDialog
        entry={shown?.action === 'promote' ? shown.entry : null}
        open={acting?.action === 'promote'}
        onOpenChange={(open) => !open && onDone()}
        availableSpots={availableSpots}
      />
      <RemoveWaitlistDialog entry={shown?.action === 'remove' ? shown.entry : null} open={acting?.action === 'remove'} onOpenChange={(open) => !open && onDone()} />
    </>
  );
}

/** One labelled value of a waitlist row (its label shows only on a phone, where the row is a card). */
function WaitlistField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn('px-3 py-2 align-top print:py-0.5', cardTable.cell.field)}>
      <span className={cardTable.label}>{label}</span>
      <span className={cn(cardTable.value, className)}>{children}</span>
    </td>
  );
}

/**
 * The roster's waitlist (issue 21): the session's waiting entries in the order promotion takes them (1 = next), each
 * with its family (a link to the family page), e-mail, children, when it joined (Toronto time), a note when a child
 * is at the weekly limit, and 'Promote now' and 'Remove'. Printed with the roster, without the buttons.
 */
export function SessionWaitlist({ session, entries }: { session: SessionDto; entries: readonly AdminWaitlistEntryDto[] }) {
  const now = useNow();
  const [acting, setActing] = useState<Acting>(null);
  const waiting = entries.reduce((sum, entry) => sum + entry.childNames.length, 0);
  return (
    <section className={cn('grid gap-3 print:gap-1', entries.length === 0 && 'print:hidden')} aria-labelledby="roster-waitlist">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="roster-waitlist" className="text-lg font-semibold text-slate-900 print:text-base">
          Waitlist
        </h2>
        {entries.length > 0 && (
          <p className="text-sm text-slate-600">
            {plural(waiting, 'child', 'children')} waiting, promoted in this order when spots free
          </p>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No one is waiting.</p>
      ) : (
        <div className={cn(cardTable.frame, 'print:overflow-visible print:border-0')}>
          <table className={cn(cardTable.table, 'min-w-[760px] max-sm:min-w-0 print:min-w-0 print:text-[11px]')}>
            <caption className="sr-only">Waitlist, in the order of promotion</caption>
            <thead className={cn('bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600', cardTable.head)}>
              <tr>
                <th className="px-3 py-2 print:py-1">#</th>
                <th className="px-3 py-2 print:py-1">Family</th>
                <th className="px-3 py-2 print:py-1">Email</th>
                <th className="px-3 py-2 print:py-1">Children</th>
                <th className="px-3 py-2 print:py-1">Joined</th>
                <th className="px-3 py-2 print:hidden">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={cn(cardTable.body, 'divide-slate-100')}>
              {entries.map((entry) => (
                <tr key={entry.id} data-row-id={entry.id} className={cn(cardTable.row, 'print:break-inside-avoid')}>
                  <td className={cn('relative px-3 py-2 align-top tabular-nums text-slate-500 print:py-0.5', cardTable.cell.select)}>
                    <span className="sr-only">Position </span>
                    {entry.position ?? '–'}
                  </td>
                  <td className={cn('px-3 py-2 align-top font-medium print:py-0.5', cardTable.cell.titleAfterSelect)}>
                    <Link to={`/admin/users/${encodeURIComponent(entry.userId)}`} className="text-brand-800 underline-offset-2 hover:underline print:text-slate-900">
                      {entry.familyName}
                    </Link>
                  </td>
                  <WaitlistField label="Email" className="[overflow-wrap:anywhere]">
                    {entry.email}
                  </WaitlistField>
                  <WaitlistField label="Children">
                    <EntryChildren entry={entry} now={now} />
                  </WaitlistField>
                  <WaitlistField label="Joined" className="whitespace-nowrap">
                    {joinedLabel(entry.createdAt)}
                  </WaitlistField>
                  <td className={cn('px-3 py-2 text-right align-top print:hidden', cardTable.cell.actions)}>
                    <EntryActions entry={entry} label={`${entry.familyName} (${entry.childNames.join(', ')})`} onAct={setActing} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EntryDialogs acting={acting} onDone={() => setActing(null)} availableSpots={session.availableSpots} />
    </section>
  );
}

/**
 * The family page's waitlists (issue 21): the sessions the family waits for, soonest first, each with its children,
 * place in line and the weekly-limit note, and the same 'Promote now' and 'Remove' as the roster.
 */
export function FamilyWaitlist({ entries }: { entries: readonly AdminWaitlistEntryDto[] }) {
  const now = useNow();
  const [acting, setActing] = useState<Acting>(null);
  const sessionName = (entry: AdminWaitlistEntryDto) => `${entry.session.classType.name}, ${formatShortDate(entry.session.startsAt)} at ${formatTime(entry.session.startsAt)}`;
  return (
    <section className="grid gap-3" aria-labelledby="family-waitlists">
      <h2 id="family-waitlists" className="text-lg font-semibold text-slate-900">
        Waitlists
      </h2>
      {entries.length === 0 ? (
        // Most families wait for nothing: one quiet line rather than an empty table.
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
          Not waiting for any session. A family joins a full session’s waitlist from its calendar.
        </p>
      ) : (
        <DataTable
          caption="Waitlists"
          rows={entries}
          getRowId={(entry) => entry.id}
          minWidthClassName="min-w-[820px]"
          empty={<TableEmptyState title="Not waiting for any session" />}
          columns={[
            {
              id: 'session',
              header: 'Session',
              cell: (entry) => (
                <div className="grid">
                  <Link to={`/admin/sessions/${encodeURIComponent(entry.sessionId)}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                    {entry.session.classType.name}
                  </Link>
                  <span className="whitespace-nowrap text-xs text-slate-600">
                    {formatShortDate(entry.session.startsAt)}, {formatTimeRange(entry.session.startsAt, entry.session.endsAt)}
                  </span>
                </div>
              ),
            },
            { id: 'children', header: 'Children', cell: (entry) => <EntryChildren entry={entry} now={now} /> },
            { id: 'position', header: 'Position', className: 'tabular-nums', cell: (entry) => (entry.position === null ? '–' : `${entry.position} in line`) },
            { id: 'joined', header: 'Joined', cell: (entry) => <span className="whitespace-nowrap">{joinedLabel(entry.createdAt)}</span> },
            {
              id: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (entry) => <EntryActions entry={entry} label={sessionName(entry)} onAct={setActing} />,
            },
          ]}
        />
      )}
      <EntryDialogs acting={acting} onDone={() => setActing(null)} />
    </section>
  );
}
