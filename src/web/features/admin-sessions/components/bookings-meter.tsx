import { bookedPercent, bookingBarTone, type BookingBarTone } from '../../../../shared/rules/session-status';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { cn } from '../../../lib/utils';

const TONE_CLASS: Record<BookingBarTone, string> = {
  normal: 'bg-emerald-500',
  warning: 'bg-amber-400',
  danger: 'bg-red-600',
};

/** Spec 4: 'booked / capacity' with a bar, red at 100%, yellow above 80%; a meter for assistive technology. */
export function BookingsMeter({ session }: { session: Pick<SessionDto, 'bookedCount' | 'capacity' | 'status'> }) {
  const percent = bookedPercent(session);
  const tone = bookingBarTone(session);
  return (
    <div className="grid min-w-28 gap-1.5">
      <span className="text-sm tabular-nums text-slate-900" aria-hidden="true">
        {session.bookedCount} / {session.capacity}
      </span>
      <div
        role="meter"
        aria-label="Bookings"
        aria-valuemin={0}
        aria-valuemax={session.capacity}
        aria-valuenow={Math.min(session.bookedCount, session.capacity)}
        aria-valuetext={`${session.bookedCount} of ${session.capacity} spots booked (${percent}%)`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full rounded-full transition-[width]', TONE_CLASS[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
