import { Check, Hourglass } from 'lucide-react';
import { classAudienceLabel, spotsLeftLabel, spotsLevel, type SessionCardState } from '../../../../shared/rules/session-card';
import { formatTime } from '../../../../shared/rules/format';
import { waitlistBadge } from '../../../../shared/rules/waitlist';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

interface SessionCardProps {
  session: SessionDto;
  state: SessionCardState;
  /** Whether this card can be chosen (past and full ones never can). */
  selectable: boolean;
  /** Drawn as chosen (the reschedule picker) and announced with aria-pressed. */
  selected?: boolean | undefined;
  /** The session a booking is being moved from (the reschedule picker). */
  current?: boolean | undefined;
  onSelect: (session: SessionDto) => void;
}

/**
 * Spec 2 and 4, session card: class name and start time (Toronto), 'Booked' when the user holds a confirmed
 * booking, 'Full' when no spots are left, 'Waitlist #N' when the family waits for a spot (issue 21). Issue 33: also
 * who the class is for (ages, girls only) and, until it starts, the spots left, 'Nearly full' above 80% booked, so
 * a parent need not open a card to find out. A card that cannot be chosen is a disabled button. The markers are
 * text, so they are part of the card's accessible name.
 */
export function SessionCard({ session, state, selectable, selected, current, onSelect }: SessionCardProps) {
  const muted = !selectable;
  const waiting = state.waitlistPosition !== null;
  const audience = classAudienceLabel(session.classType);
  const level = spotsLevel(session);
  const spotsShown = !state.past && level !== 'full';
  return (
    <button
      type="button"
      disabled={!selectable}
      aria-pressed={selected === undefined ? undefined : selected}
      onClick={() => onSelect(session)}
      className={cn(
        // Phones: name and time on one row; in the narrow day columns of wider screens, the time under the name.
        // Who it is for, then the markers and spots, always go on rows of their own.
        'grid w-full cursor-pointer grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-left text-sm shadow-xs transition-colors lg:grid-cols-1 lg:px-2 xl:px-2.5',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
        'border-slate-200 bg-white hover:border-brand-300 hover:bg-brand-50/60',
        state.booked && 'border-brand-200 bg-brand-50/70',
        muted && 'cursor-not-allowed border-slate-200 bg-slate-50 shadow-none hover:border-slate-200 hover:bg-slate-50',
        selected && 'border-brand-600 bg-brand-50 ring-2 ring-brand-600 hover:border-brand-600',
      )}
    >
      <span className={cn('hyphens-auto break-words font-semibold leading-snug text-slate-900 lg:text-xs xl:text-[13px]', muted && 'text-slate-600')}>
        {session.classType.name}
      </span>
      <time dateTime={session.startsAt} className={cn('text-xs font-medium text-slate-700', muted && 'text-slate-500')}>
        {formatTime(session.startsAt)}
      </time>
      {audience && <span className="col-span-2 text-xs text-slate-600 lg:col-span-1">{audience}</span>}
      {(current || state.booked || state.full || waiting || spotsShown) && (
        <span className="col-span-2 flex flex-wrap items-center gap-1 lg:col-span-1">
          {current && <Badge variant="secondary">Current</Badge>}
          {state.booked && !current && (
            <Badge variant="brand">
              <Check aria-hidden="true" />
              Booked
            </Badge>
          )}
          {state.full && <Badge variant="danger">Full</Badge>}
          {spotsShown && level === 'nearly-full' && <Badge variant="warning">Nearly full</Badge>}
          {spotsShown && <span className="text-xs font-medium text-slate-700">{spotsLeftLabel(session.availableSpots)}</span>}
          {waiting && (
            <Badge variant="warning">
              <Hourglass aria-hidden="true" />
              {waitlistBadge(state.waitlistPosition!)}
            </Badge>
          )}
        </span>
      )}
    </button>
  );
}
