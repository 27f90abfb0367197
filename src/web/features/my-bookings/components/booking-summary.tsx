import { CalendarDays, Clock, MapPin, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { bookingReference } from '../../../../shared/product';
import { formatLongDate, formatTimeRange } from '../../../../shared/rules/format';
import { cn } from '../../../lib/utils';

interface SummarySession {
  startsAt: string;
  endsAt: string;
  location: string;
  classType: { name: string };
}

interface BookingSummaryProps {
  session: SummarySession;
  childNames?: string[] | undefined;
  bookingId?: string | undefined;
  /** 'stacked': one line per detail; 'inline': details wrap on one line under the class name. */
  layout?: 'stacked' | 'inline';
  className?: string | undefined;
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-brand-700">
      {icon}
      {children}
    </span>
  );
}

/** Class, date, time, location, children and reference of a booking (or of a session it may move to). */
export function BookingSummary({ session, childNames, bookingId, layout = 'stacked', className }: BookingSummaryProps) {
  return (
    <div className={cn('grid gap-1.5 text-sm text-slate-700', className)}>
      <p className="text-base font-semibold text-slate-900">{session.classType.name}</p>
      <div className={cn('grid gap-1.5', layout === 'inline' && 'flex flex-wrap gap-x-5 gap-y-1')}>
        <Detail icon={<CalendarDays aria-hidden="true" />}>{formatLongDate(session.startsAt)}</Detail>
        <Detail icon={<Clock aria-hidden="true" />}>{formatTimeRange(session.startsAt, session.endsAt)}</Detail>
        <Detail icon={<MapPin aria-hidden="true" />}>{session.location}</Detail>
        {childNames && childNames.length > 0 && <Detail icon={<Users aria-hidden="true" />}>{childNames.join(', ')}</Detail>}
        {bookingId && (
          <Detail icon={<Ticket aria-hidden="true" />}>
            <span className="font-mono text-slate-800">#{bookingReference(bookingId)}</span>
          </Detail>
        )}
      </div>
    </div>
  );
}
