import { PauseCircle, Phone } from 'lucide-react';
import { bookingPausedMessage, type BookingPause } from '../../shared/rules/attendance';
import { businessPhone } from '../lib/business-name';
import { cn } from '../lib/utils';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';

interface BookingPausedNoticeProps {
  pause: BookingPause;
  /** The office's phone (BUSINESS_PHONE); the page's by default. */
  phone?: string | null;
  className?: string;
}

/**
 * Issue 32, the no-show rule: the family's online booking is paused. The same words as the server's refusal
 * (rules/attendance.ts bookingPausedMessage), with the office's phone as a link when the business has one. Shown on
 * the dashboard above the calendar and in the booking dialog instead of its choices.
 */
export function BookingPausedNotice({ pause, phone = businessPhone, className }: BookingPausedNoticeProps) {
  return (
    <Alert variant="warning" role="status" className={cn('[overflow-wrap:anywhere]', className)}>
      <PauseCircle aria-hidden="true" />
      <div className="min-w-0">
        <AlertTitle>Online booking is paused</AlertTitle>
        <AlertDescription>
          <p>{bookingPausedMessage(pause, phone)}</p>
          {phone && (
            <a
              className="mt-2 inline-flex items-center gap-1.5 font-medium text-amber-900 underline underline-offset-2"
              href={`tel:${phone.replace(/[^+0-9]/g, '')}`}
            >
              <Phone className="size-4" aria-hidden="true" />
              {`Call ${phone}`}
            </a>
          )}
        </AlertDescription>
      </div>
    </Alert>
  );
}
