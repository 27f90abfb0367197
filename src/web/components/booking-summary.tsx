import { CalendarDays, Clock, MapPin, Ticket, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { bookingReference } from '../../shared/product';
import { formatLongDate, formatTimeRange } from '../../shared/rules/format';
import { cn } from '../lib/utils';

/** What a summary needs of a session (a booking's session, or a SessionDto). */
export interface SummarySession {
  startsAt: string;
  endsAt: string;
  location: string;
  classType: { name: string };
}

/** One more labelled line, e.g. spots left in the booking dialog. */
export interface SummaryDetail {
  /** The detail's name, read before its value (visible in the 'card' layout only). */
  label: string;
  icon: LucideIcon;
  value: ReactNode;
}

export type BookingSummaryLayout = 'stacked' | 'inline' | 'card';

interface BookingSummaryProps {
  session: SummarySession;
  childNames?: readonly string[] | undefined;
  /** Shows the booking reference ('#NB-…'). */
  bookingId?: string | undefined;
  /**
   * 'stacked': one line per detail (dialogs, the Next Session card); 'inline': details wrap under the class name
   * (lists); 'card': two columns of labelled details under a large class name (the confirmation screen).
   */
  layout?: BookingSummaryLayout;
  /** Lines after the children (e.g. spots left). */
  extraDetails?: readonly SummaryDetail[] | undefined;
  className?: string | undefined;
}

interface DetailProps {
  layout: BookingSummaryLayout;
  label: string;
  icon: LucideIcon;
  valueClassName?: string;
  children: ReactNode;
}

function Detail({ layout, label, icon: Icon, valueClassName, children }: DetailProps) {
  if (layout === 'card') {
    return (
      <div className="relative min-h-9 pl-11">
        <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          <span className="absolute left-0 top-0.5 inline-flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {label}
        </dt>
        <dd className={cn('min-w-0 font-medium text-slate-900', valueClassName)}>{children}</dd>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="flex shrink-0 items-center">
        <Icon className="size-4 text-brand-700" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={cn('min-w-0', valueClassName)}>{children}</dd>
    </div>
  );
}

const rootClass: Record<BookingSummaryLayout, string> = {
  stacked: 'grid gap-1.5 text-sm text-slate-700',
  inline: 'flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700',
  card: 'grid gap-4 sm:grid-cols-2',
};

const titleClass: Record<BookingSummaryLayout, string> = {
  stacked: 'text-base font-semibold leading-snug text-slate-900',
  // Its own line; the details wrap below it.
  inline: 'basis-full text-base font-semibold leading-snug text-slate-900',
  card: 'sm:col-span-2 text-xl font-bold tracking-tight text-slate-900',
};

/**
 * The summary of a booking or session, the same everywhere it is shown: class name, long date, time range,
 * location, children and reference (Toronto time), as a description list whose labels screen readers read.
 */
export function BookingSummary({ session, childNames, bookingId, layout = 'stacked', extraDetails, className }: BookingSummaryProps) {
  return (
    <dl className={cn(rootClass[layout], className)}>
      <div className={titleClass[layout]}>
        <dt className="sr-only">Class</dt>
        <dd>{session.classType.name}</dd>
      </div>
      <Detail layout={layout} label="Date" icon={CalendarDays}>
        {formatLongDate(session.startsAt)}
      </Detail>
      <Detail layout={layout} label="Time" icon={Clock} valueClassName="whitespace-nowrap">
        {formatTimeRange(session.startsAt, session.endsAt)}
      </Detail>
      <Detail layout={layout} label="Location" icon={MapPin}>
        {session.location}
      </Detail>
      {childNames && childNames.length > 0 && (
        <Detail layout={layout} label={childNames.length === 1 ? 'Child' : 'Children'} icon={Users}>
          {childNames.join(', ')}
        </Detail>
      )}
      {extraDetails?.map((detail) => (
        <Detail key={detail.label} layout={layout} label={detail.label} icon={detail.icon}>
          {detail.value}
        </Detail>
      ))}
      {bookingId && (
        <Detail layout={layout} label="Booking reference" icon={Ticket}>
          <span className="font-mono text-slate-800">#{bookingReference(bookingId)}</span>
        </Detail>
      )}
    </dl>
  );
}
