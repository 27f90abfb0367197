import { useRef, useState, type ReactNode } from 'react';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { ineligibleReasons } from '../../../../shared/rules/child-choice';
import { isRescheduleTarget } from '../../../../shared/rules/session-card';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { BookingSummary } from '../../../components/booking-summary';
import { BookingChildrenPicker, joinNames, useBookingChildrenChoice } from '../../../components/booking-children-picker';
import { RescheduleSummary } from '../../../components/reschedule-summary';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';
import { useAuth } from '../../../lib/auth';

/** What the reschedule dialog hands to the calendar it shows (composed in src/web/app). */
export interface SessionPickerProps {
  currentSessionId: string;
  /** The current session's start, so the picker can open on its week. */
  currentSessionStartsAt: string;
  selectedSessionId: string | null;
  onSelectSession: (session: SessionDto) => void;
  /** Spec 4: only future sessions with spots, other than the current one. */
  isSelectable: (session: SessionDto, now: Date) => boolean;
}

export type RenderSessionPicker = (props: SessionPickerProps) => ReactNode;

interface RescheduleBookingDialogProps {
  booking: BookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  renderSessionPicker: RenderSessionPicker;
}

/**
 * Spec 2, reschedule dialog: the current booking, a calendar of alternatives, then a confirmation step. Issue 32: a
 * booking of two or more children lists them, all ticked; the ticked ones move (some of them: into a booking of
 * their own, the others staying).
 */
export function RescheduleBookingDialog({ booking, open, onOpenChange, onCloseAutoFocus, renderSessionPicker }: RescheduleBookingDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open && booking !== null} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="max-w-5xl"
        // Start on the dialog itself (title and current booking are read first), not on the picker's class filter.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {booking && (
          <RescheduleSteps key={booking.id} booking={booking} onClose={() => onOpenChange(false)} renderSessionPicker={renderSessionPicker} />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface RescheduleStepsProps {
  booking: BookingDto;
  onClose: () => void;
  renderSessionPicker: RenderSessionPicker;
}

function RescheduleSteps({ booking, onClose, renderSessionPicker }: RescheduleStepsProps) {
  const reschedule = useRescheduleBooking();
  const choice = useBookingChildrenChoice(booking.childNames);
  const moving = choice.chosen;
  const [target, setTarget] = useState<SessionDto | null>(null);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const busy = reschedule.isPending;
  const online = useOnline();
  // Set at once (the pending state re-renders only later), so a double click sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();
  // Issue 22: a session of a class that one of the booking's children cannot join (their recorded date of birth or
  // sex) cannot be chosen; the server would refuse the move.
  const { user } = useAuth();
  const family = user?.children ?? [];
  const ruledOut = (session: SessionDto) => ineligibleReasons(family, moving, session).length > 0;
  const hasRecordedDetails = family.some((child) => moving.includes(child.name) && (child.birthDate !== null || child.sex !== null));

  function confirm() {
    if (!target || busy || submitting.current || choice.none) return;
    submitting.current = true;
    const { childNames } = choice;
    const staying = booking.childNames.filter((name) => !moving.includes(name));
    reschedule.mutate(
      { bookingId: booking.id, newSessionId: target.id, childNames, idempotencyKey: attempt.keyFor(`${target.id}|${moving.join('\n')}`) },
      {
        onSuccess: (moved) => {
          attempt.finish();
          const where = `${moved.session.classType.name} on ${formatShortDate(moved.session.startsAt)} at ${formatTime(moved.session.startsAt)}`;
          toast({
            title: 'Booking Rescheduled',
            description: childNames
              ? `${joinNames(moved.childNames)} moved to ${where}. ${joinNames(staying)} ${staying.length === 1 ? 'stays' : 'stay'} booked on ${formatShortDate(
                  booking.session.startsAt,
                )}.`
              : `Moved to ${where}.`,
          });
          onClose();
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          toast({ variant: 'destructive', title: 'Reschedule Failed', description: apiErrorMessage(error, 'Failed to reschedule booking') });
          setStep('choose');
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Reschedule Booking</DialogTitle>
        <DialogDescription>
          {step === 'choose'
            ? 'Choose a new session for this booking. Only upcoming sessions with open spots can be selected.'
            : 'Please confirm the move. The spots in the current session will be released.'}
        </DialogDescription>
      </DialogHeader>

      {step === 'choose' ? (
        <>
          <section aria-label="Current booking" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Current booking</p>
            <BookingSummary session={booking.session} childNames={booking.childNames} bookingId={booking.id} layout="inline" />
          </section>
          <BookingChildrenPicker choice={choice} legend="Children to move" />
          {renderSessionPicker({
            currentSessionId: booking.sessionId,
            currentSessionStartsAt: booking.session.startsAt,
            selectedSessionId: target?.id ?? null,
            onSelectSession: setTarget,
            isSelectable: (session, now) => isRescheduleTarget(session, booking.sessionId, now, Math.max(1, moving.length)) && !ruledOut(session),
          })}
          {hasRecordedDetails && (
            <p className="text-xs text-slate-600">Sessions of classes outside your children&apos;s ages (or for girls only) cannot be chosen.</p>
          )}
          <div aria-live="polite" className="text-sm text-slate-700">
            {target ? (
              <p>
                <span className="font-medium text-slate-900">New session:</span> {target.classType.name},{' '}
                {formatShortDate(target.startsAt)} at {formatTime(target.startsAt)}
              </p>
            ) : (
              <p>No new session selected yet.</p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => setStep('confirm')} disabled={!target || choice.none}>
              Continue
            </Button>
          </DialogFooter>
        </>
      ) : (
        <>
          <div className="mx-auto grid w-full max-w-lg gap-3">
            <RescheduleSummary booking={choice.all ? booking : { ...booking, childNames: moving }} to={target} />
          </div>
          {!online && <OfflineNotice />}
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep('choose')} disabled={busy}>
              Back
            </Button>
            <Button onClick={confirm} disabled={busy || !online}>
              {busy ? 'Rescheduling...' : choice.all ? 'Confirm Reschedule' : `Move ${choice.names}`}
            </Button>
          </DialogFooter>
        </>
      )}
    </div>
  );
}
