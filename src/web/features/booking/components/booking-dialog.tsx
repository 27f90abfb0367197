import { Hourglass, Users } from 'lucide-react';
import { useId } from 'react';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { BookingSummary } from '../../../components/booking-summary';
import { ChildDetailsAsk } from '../../../components/child-details-ask';
import { BookingPausedNotice } from '../../../components/booking-paused-notice';
import { OfflineNotice } from '../../../components/offline-notice';
import { useAuth } from '../../../lib/auth';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ChildChoiceList, ChoiceNotes, WaitlistPromise } from './booking-child-choices';
import {
  BookingDialogFooter,
  ClassDetails,
  JoinRefusal,
  ManageBookings,
  WaitingHere,
  type LeaveWaitlist,
  type ManageBooking,
} from './booking-dialog-sections';
import { summaryLines } from './booking-form-rules';
import { useBookingForm } from './use-booking-form';

export type { LeaveWaitlist, ManageBooking } from './booking-dialog-sections';

interface BookingDialogProps {
  /** The session being booked; kept while the dialog animates closed. */
  session: SessionDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
  /** 'Manage booking' of a child already booked in the session: this dialog closes and the chosen one opens. */
  onManageBooking?: ManageBooking | undefined;
  /** 'Leave waitlist' of an entry of the family waiting for the session: this dialog closes and the prompt opens. */
  onLeaveWaitlist?: LeaveWaitlist | undefined;
}

/**
 * Spec 2, booking dialog ('Book Session'); spec 4 booking flow; spec 5 booking validation; spec 8 toasts. Issue 21:
 * when the session has no spot for the children chosen, the dialog joins its waitlist instead ('Join Waitlist').
 */
export function BookingDialog({ session, open, onOpenChange, onCloseAutoFocus, onManageBooking, onLeaveWaitlist }: BookingDialogProps) {
  return (
    <Dialog open={open && session !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {session && (
          <BookingForm
            key={session.id}
            session={session}
            onClose={() => onOpenChange(false)}
            onManageBooking={onManageBooking}
            onLeaveWaitlist={onLeaveWaitlist}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface BookingFormProps {
  session: SessionDto;
  onClose: () => void;
  onManageBooking?: ManageBooking | undefined;
  onLeaveWaitlist?: LeaveWaitlist | undefined;
}

/** The dialog's form: its state and submit are useBookingForm's (use-booking-form.ts), its parts are presentational. */
function BookingForm({ session: opened, onClose, onManageBooking, onLeaveWaitlist }: BookingFormProps) {
  const ids = useId();
  const form = useBookingForm(opened, onClose);
  const paused = useAuth().user?.bookingPause ?? null;
  const { session, latest, availableSpots, children, joining, waitlistOpen, noneBookable, busy, online, now } = form;
  const lines = summaryLines(latest ? availableSpots : null, session.waitlistCount);
  const extraDetails = [{ label: 'Availability', icon: Users, value: lines.availability }];
  if (lines.waiting) extraDetails.push({ label: 'Waitlist', icon: Hourglass, value: lines.waiting });

  return (
    <form onSubmit={form.onSubmit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Book Session</DialogTitle>
      </DialogHeader>
      <DialogDescription asChild>
        <div className="-mt-1 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <BookingSummary session={session} className="gap-2" extraDetails={extraDetails} />
        </div>
      </DialogDescription>

      {/* Issue 32: with online booking paused (the no-show rule) the dialog says why instead of letting the family try. */}
      {paused ? (
        <BookingPausedNotice pause={paused} />
      ) : (
        <fieldset className="grid gap-3" disabled={busy}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">Select Children for this Session</legend>
          {children.length === 0 ? (
            <p className="text-sm text-slate-600">There are no children on your account yet. Please contact our office to add them.</p>
          ) : (
            <ChildChoiceList idPrefix={ids} choices={form.choices} picked={form.picked} onToggle={form.toggle} />
          )}
          <ChoiceNotes {...form} />
          {joining && waitlistOpen && !noneBookable && <WaitlistPromise tooFewSpots={form.tooFewSpots} />}
        </fieldset>
      )}

      {!paused && (
        <ChildDetailsAsk asks={form.asks} state={form.detailsAsk} recordOf="your family's record" classType={session.classType} disabled={busy} />
      )}

      {form.bookingsHere.length > 0 && (
        <ManageBookings bookings={form.bookingsHere} now={now} onClose={onClose} onManageBooking={onManageBooking} online={online} />
      )}
      {form.entriesHere.length > 0 && <WaitingHere entries={form.entriesHere} online={online} onClose={onClose} onLeaveWaitlist={onLeaveWaitlist} />}

      <ClassDetails idPrefix={ids} classType={session.classType} />

      {!online && <OfflineNotice />}
      {form.joinRefusal && <JoinRefusal message={form.joinRefusal} />}
      <BookingDialogFooter
        onClose={onClose}
        busy={busy}
        offerSubmit={!paused && !noneBookable && !form.waitlistClosed}
        canSubmit={form.canSubmit}
        joining={joining}
        submitButton={form.submitButton}
      />
    </form>
  );
}
