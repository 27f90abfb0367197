import { Hourglass, ListOrdered } from 'lucide-react';
import { useId, type Ref } from 'react';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { heldBackSentence, placeInLine } from '../../../../shared/rules/waitlist';
import type { WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingSummary } from '../../../components/booking-summary';
import { OfflineNotice } from '../../../components/offline-notice';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyWaitlist } from '../../../lib/my-waitlist';
import { useOnline } from '../../../lib/online-status';
import { preloadLeaveWaitlist } from './waitlist-actions';

interface MyWaitlistsProps {
  /** Opens 'Leave Waitlist' for an entry (useWaitlistActions, one prompt for the page). */
  onLeave: (entry: WaitlistEntryDto) => void;
  /** The card's heading, where focus goes when the prompt's opener is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Issue 21, 'My Waitlists': the family's waiting entries, soonest session first, each with its place in line, why it
 * is skipped for now (a child at the weekly limit of that week) and Leave.
 */
export function MyWaitlists({ onLeave, headingRef }: MyWaitlistsProps) {
  const waitlist = useMyWaitlist();
  const online = useOnline();
  const headingId = useId();
  const entries = waitlist.data ?? [];

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-700">
          <ListOrdered className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle id={headingId} ref={headingRef} tabIndex={-1} className="focus:outline-none">
            My Waitlists
          </CardTitle>
          <CardDescription>Full sessions you are waiting for. When a spot opens, we book it for you and email you.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {waitlist.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading waitlists">
            <Skeleton className="h-20" />
          </div>
        ) : waitlist.isError ? (
          <QueryErrorAlert
            title="Failed to fetch waitlists"
            error={waitlist.error}
            fallback="Your waitlists could not be loaded."
            onRetry={() => void waitlist.refetch()}
          />
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-600">You are not waiting for any session. When a session is full, you can join its waitlist from the calendar.</p>
        ) : (
          <div className="grid gap-3">
            {!online && <OfflineNotice />}
            <ul className="grid gap-3">
              {entries.map((entry) => (
                <WaitlistItem key={entry.id} entry={entry} online={online} onLeave={onLeave} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function WaitlistItem({ entry, online, onLeave }: { entry: WaitlistEntryDto; online: boolean; onLeave: (entry: WaitlistEntryDto) => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <BookingSummary session={entry.session} childNames={entry.childNames} layout="inline" className="min-w-0" />
        {entry.position !== null && (
          <span className="w-fit">
            <Badge variant="warning">
              <Hourglass aria-hidden="true" />
              {placeInLine(entry.position)}
            </Badge>
          </span>
        )}
        {entry.heldBack.map((hold) => (
          <p key={hold.name} className="text-sm font-medium text-amber-800">
            {heldBackSentence(hold)}
          </p>
        ))}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800"
        onPointerEnter={preloadLeaveWaitlist}
        onFocus={preloadLeaveWaitlist}
        disabled={!online}
        onClick={() => onLeave(entry)}
      >
        Leave
        <span className="sr-only">{` the waitlist for ${entry.session.classType.name} on ${formatShortDate(entry.session.startsAt)} at ${formatTime(entry.session.startsAt)}`}</span>
      </Button>
    </li>
  );
}
