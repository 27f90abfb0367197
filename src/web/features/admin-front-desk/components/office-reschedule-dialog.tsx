import { useRef, useState } from 'react';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { isRescheduleTarget } from '../../../../shared/rules/session-card';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { BookingSummary } from '../../../components/booking-summary';
import { BookingChildrenPicker, joinNames, useBookingChildrenChoice } from '../../../components/booking-children-picker';
import { RescheduleSummary } from '../../../components/reschedule-summary';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useOfficeReschedule } from '../api/office-bookings';
import { OfficeNoteFields } from '../../../components/office-note-fields';
import type { RenderOfficeSessionPicker } from './session-picker';

interface OfficeRescheduleDialogProps {
  booking: AdminBookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderSessionPicker: RenderOfficeSessionPicker;
}

/**
 * Spec 8's 'reschedule' prompt for the office (issue 19): any future session with room, a note, the override. Issue 32:
 * a booking of two or more children lists them, all ticked; some of them move into a booking of their own.
 */
export function OfficeRescheduleDialog({ booking, open, onOpenChange, renderSessionPicker }: OfficeRescheduleDialogProps) {
  return (
    <Dialog open={open && booking !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        {booking && <RescheduleSteps key={booking.id} booking={booking} onClose={() => onOpenChange(false)} renderSessionPicker={renderSessionPicker} />}
      </DialogContent>
    </Dialog>
  );
}

function RescheduleSteps({ booking, onClose, renderSessionPicker }: { booking: AdminBookingDto; onClose: () => void; renderSessionPicker: RenderOfficeSessionPicker }) {
  const reschedule = useOfficeReschedule();
  const choice = useBookingChildrenChoice(booking.childNames);
  const moving = choice.chosen;
  const [target, setTarget] = useState<SessionDto | null>(null);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [triedWithoutNote, setTriedWithoutNote] = useState(false);
  const attempt = useAttemptKeys();
  const submitting = useRef(false);
  const busy = reschedule.isPending;
  const noteMissing = override && !note.trim();

  function confirm() {
    if (!target || busy || submitting.current || choice.none) return;
    if (noteMissing) {
      setTriedWithoutNote(true);
      return;
    }
    submitting.current = true;
    const { childNames } = choice;
    const staying = booking.childNames.filter((name) => !moving.includes(name));
    const body = { newSessionId: target.id, note: note.trim() || undefined, overrideWeeklyLimit: override || undefined, childNames };
    reschedule.mutate(
      { bookingId: booking.id, body, idempotencyKey: attempt.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (moved) => {
          attempt.finish();
          const where = `${moved.session.classType.name} on ${formatShortDate(moved.session.startsAt)} at ${formatTime(moved.session.startsAt)}`;
          toast({
            title: 'Booking Rescheduled',
            description: childNames
              ? `${joinNames(moved.childNames)} moved to ${where}; ${joinNames(staying)} ${staying.length === 1 ? 'stays' : 'stay'} booked. The family gets an email.`
              : `Moved to ${where}. The family gets an email.`,
          });
          onClose();
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          toast({ variant: 'destructive', title: 'Reschedule Failed', description: apiErrorMessage(error, 'Failed to reschedule booking') });
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
            ? `Choose a new session for ${booking.user.firstName} ${booking.user.lastName}'s booking: any upcoming session with room for every child.`
            : 'Please confirm the move. The spots in the current session are released and the family gets an email.'}
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
            selectedSessionId: target?.id ?? null,
            onSelectSession: setTarget,
            isSelectable: (session, now) => isRescheduleTarget(session, booking.sessionId, now, Math.max(1, moving.length)),
            initialWeekOf: booking.session.startsAt,
          })}
          <p aria-live="polite" className="text-sm text-slate-700">
            {target ? (
              <>
                <span className="font-medium text-slate-900">New session:</span> {target.classType.name}, {formatShortDate(target.startsAt)} at{' '}
                {formatTime(target.startsAt)}
              </>
            ) : (
              'No new session selected yet.'
            )}
          </p>
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
            <OfficeNoteFields
              note={note}
              onNoteChange={setNote}
              override={{ checked: override, onChange: setOverride, needed: false }}
              noteMissing={triedWithoutNote && noteMissing}
              disabled={busy}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep('choose')} disabled={busy}>
              Back
            </Button>
            <Button onClick={confirm} disabled={busy}>
              {busy ? 'Rescheduling...' : choice.all ? 'Confirm Reschedule' : `Move ${choice.names}`}
            </Button>
          </DialogFooter>
        </>
      )}
    </div>
  );
}
