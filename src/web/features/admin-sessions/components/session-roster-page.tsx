import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ArrowLeft, Download, History, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { bookedByLabel, formatLongDate, formatShortDate, formatTime, formatTimeRange, plural } from '../../../../shared/rules/format';
import type { RosterResponse } from '../../../../shared/schemas/sessions';
import { cardTable } from '../../../components/data-table';
import { GuardianPhones, NeedsAttentionFlag } from '../../../components/door-details';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { rosterCsvPath, rosterQuery } from '../../../lib/admin-queries';
import { usePageTitle } from '../../../lib/page-title';
import { cn } from '../../../lib/utils';

interface SessionRosterPageProps {
  sessionId: string;
  /** The session's waitlist below the children (issue 21; composed in src/web/app), printed with them. */
  renderWaitlist?: ((roster: RosterResponse) => ReactNode) | undefined;
  /** Issue 34: a coach's roster: back to Check-in, without the office's CSV (the server refuses it to a coach). */
  forCoach?: boolean;
}

/**
 * /admin/sessions/:id, who is coming (issue 19): the session and every booked child with the family's name, e-mail,
 * booking reference and who booked it, by child name, then the waitlist (issue 21); Print (the print stylesheet
 * keeps the lists and drops the app around them: up to 40 children on one page) and Export CSV. Issue 31: a child
 * whose notes need attention is flagged (the notes on tap), and each guardian's phone is a tap-to-call link. Issue 34:
 * the office's roster links to the session's entries in the Activity tab.
 */
export function SessionRosterPage({ sessionId, renderWaitlist, forCoach = false }: SessionRosterPageProps) {
  const roster = useQuery(rosterQuery(sessionId));
  const session = roster.data?.session;
  usePageTitle('Admin', session ? `Roster: ${session.classType.name}, ${formatShortDate(session.startsAt)} ${formatTime(session.startsAt)}` : 'Roster');
  return (
    <div className="grid grid-cols-1 gap-6 print:gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 print:hidden">
        <Link to="/admin" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {forCoach ? 'Back to Check-in' : 'Back to Sessions'}
        </Link>
        {/* The office's way to what staff changed here (bookings, check-ins, the session itself); a coach has no Activity tab. */}
        {!forCoach && (
          <Link
            to={`/admin?tab=activity&sessionId=${encodeURIComponent(sessionId)}`}
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            <History aria-hidden="true" className="size-4" />
            What staff changed for this session
          </Link>
        )}
      </div>
      {roster.isError ? (
        <QueryErrorAlert title="This session could not be loaded" error={roster.error} onRetry={() => void roster.refetch()} />
      ) : !roster.data ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the session
          </span>
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl print:text-xl">{roster.data.session.classType.name}</h1>
              <p className="mt-1 text-slate-700">
                {formatLongDate(roster.data.session.startsAt)}, {formatTimeRange(roster.data.session.startsAt, roster.data.session.endsAt)} (Toronto time) ·{' '}
                {roster.data.session.location}
              </p>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                {roster.data.children.length} of {roster.data.session.capacity} spots booked
                {roster.data.session.waitlistCount > 0 && <> · {plural(roster.data.session.waitlistCount, 'child', 'children')} waiting</>}
                {roster.data.session.status === 'CANCELLED' && <Badge variant="danger">Cancelled</Badge>}
              </p>
            </div>
            <div className="flex gap-2 print:hidden">
              <Button variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                Print
              </Button>
              {!forCoach && (
                <Button variant="outline" asChild>
                  <a href={rosterCsvPath(sessionId)} download>
                    <Download aria-hidden="true" />
                    Export CSV
                  </a>
                </Button>
              )}
            </div>
          </div>
          {roster.data.children.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No one is booked in this session yet.</p>
          ) : (
            <div className={cn(cardTable.frame, 'print:overflow-visible print:border-0')}>
              <table className={cn(cardTable.table, 'min-w-[760px] max-sm:min-w-0 print:min-w-0 print:text-[11px]')}>
                <caption className="sr-only">Booked children, by name</caption>
                <thead className={cn('bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600', cardTable.head)}>
                  <tr>
                    <th className="px-3 py-2 print:px-2 print:py-1">#</th>
                    <th className="px-3 py-2 print:px-2 print:py-1">Child</th>
                    <th className="px-3 py-2 print:px-2 print:py-1">Family</th>
                    <th className="px-3 py-2 print:px-2 print:py-1">Guardians</th>
                    {/* On paper the door wants the phones: the e-mails stay on screen and in the CSV. */}
                    <th className="px-3 py-2 print:hidden">Email</th>
                    <th className="px-3 py-2 print:px-2 print:py-1">Reference</th>
                    <th className="px-3 py-2 print:px-2 print:py-1">Booked by</th>
                  </tr>
                </thead>
                <tbody className={cn(cardTable.body, 'divide-slate-100')}>
                  {roster.data.children.map((row, i) => (
                    <tr key={`${row.bookingId}-${row.childName}`} className={cn(cardTable.row, 'print:break-inside-avoid')}>
                      <td className={cn('px-3 py-2 text-slate-500 print:px-2 print:py-0.5', cardTable.cell.select)}>{i + 1}</td>
                      <td className={cn('px-3 py-2 font-medium text-slate-900 print:px-2 print:py-0.5', cardTable.cell.titleAfterSelect)}>
                        {row.childName}
                        {/* Issue 22: checked in at the door (Admin › Check-in). */}
                        {row.checkedInAt && (
                          <span className="block text-xs font-normal text-green-800">
                            Checked in {formatTime(row.checkedInAt)}
                            {row.checkedInBy ? ` by ${row.checkedInBy}` : ''}
                          </span>
                        )}
                        {row.needsAttention && <NeedsAttentionFlag childName={row.childName} notes={row.medicalNotes} className="mt-1 font-normal print:ml-1.5 print:mt-0 print:inline" />}
                      </td>
                      <RosterField label="Family">{row.familyName}</RosterField>
                      <RosterField label="Guardians">
                        <GuardianPhones guardians={row.guardians} />
                      </RosterField>
                      <RosterField label="Email" className="[overflow-wrap:anywhere]" cellClassName="print:hidden">
                        {row.email}
                      </RosterField>
                      <RosterField label="Reference" className="font-mono text-xs">
                        {row.reference}
                      </RosterField>
                      {/* The roster does not carry who at the office booked it: 'Office', 'Waitlist' or 'Family'. */}
                      <RosterField label="Booked by">{bookedByLabel({ bookedBy: row.bookedBy, bookedByName: null })}</RosterField>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {renderWaitlist?.(roster.data)}
        </>
      )}
    </div>
  );
}

/** One labelled value of a roster row (its label shows only on a phone, where the row is a card). */
function RosterField({ label, className, cellClassName, children }: { label: string; className?: string; cellClassName?: string; children: ReactNode }) {
  return (
    <td className={cn('px-3 py-2 print:px-2 print:py-0.5', cardTable.cell.field, cellClassName)}>
      <span className={cardTable.label}>{label}</span>
      <span className={cn(cardTable.value, className)}>{children}</span>
    </td>
  );
}
