import { CircleCheck, Hourglass, TriangleAlert } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { bookingReference } from '../../../../shared/product';
import { isFutureBooking } from '../../../../shared/rules/session-card';
import { heldBackSentence, placeInLine } from '../../../../shared/rules/waitlist';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingActionButtons } from '../../../components/booking-action-buttons';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';
import { agesLabel, submitLabel } from './booking-form-rules';

/** Reschedule or cancel one of the family's bookings (the my-bookings dialogs, composed in src/web/app). */
export type ManageBooking = (kind: 'cancel' | 'reschedule', booking: BookingDto) => void;

/** Leave one of the family's waiting entries (the waitlist's confirm dialog, composed in src/web/app). */
export type LeaveWaitlist = (entry: WaitlistEntryDto) => void;

/**
 * Issue 20: the family's booking(s) of this session, each with Reschedule, Cancel and View: a booked card leads to
 * its booking. Reschedule and Cancel close this dialog and open the dashboard's own dialogs for that booking.
 */
export function ManageBookings({
  bookings,
  now,
  online,
  onClose,
  onManageBooking,
}: {
  bookings: BookingDto[];
  now: Date;
  online: boolean;
  onClose: () => void;
  onManageBooking?: ManageBooking | undefined;
}) {
  const headingId = useId();
  const manage = (kind: 'cancel' | 'reschedule', booking: BookingDto) => {
    onClose();
    onManageBooking?.(kind, booking);
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-brand-200 bg-brand-50/60 p-3 text-sm">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Manage booking
      </h3>
      {bookings.map((booking) => {
        const reference = bookingReference(booking.id);
        const changeable = isFutureBooking(booking, now);
        return (
          <div key={booking.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-1.5 text-slate-800">
              <CircleCheck className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="font-medium">{booking.childNames.join(', ')}</span> booked <span className="text-slate-600">#{reference}</span>
              </span>
            </p>
            <BookingActionButtons
              bookingId={booking.id}
              online={online}
              onView={onClose}
              onReschedule={onManageBooking && changeable ? () => manage('reschedule', booking) : undefined}
              onCancel={onManageBooking && changeable ? () => manage('cancel', booking) : undefined}
            />
          </div>
        );
      })}
    </section>
  );
}

/**
 * Issue 21: the family's waiting entries of this session, each with its children, its place in line, why it is
 * skipped for now (a child at the weekly limit), and 'Leave waitlist' (this dialog closes, the prompt opens).
 */
export function WaitingHere({
  entries,
  online,
  onClose,
  onLeaveWaitlist,
}: {
  entries: WaitlistEntryDto[];
  online: boolean;
  onClose: () => void;
  onLeaveWaitlist?: LeaveWaitlist | undefined;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm">
      <h3 id={headingId} className="font-semibold text-slate-900">
        On the waitlist
      </h3>
      {entries.map((entry) => (
        <div key={entry.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <p className="flex items-center gap-1.5 text-slate-800">
              <Hourglass className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span>
                <span className="font-medium">{entry.childNames.join(', ')}</span>
                {entry.position !== null && <span className="text-slate-600">{`: ${placeInLine(entry.position)}`}</span>}
              </span>
            </p>
            {entry.heldBack.map((hold) => (
              <p key={hold.name} className="text-xs font-medium text-amber-800">
                {heldBackSentence(hold)}
              </p>
            ))}
          </div>
          {onLeaveWaitlist && (
            <Button
              variant="outline"
              size="sm"
              className="shrink-0 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={!online}
              onClick={() => {
                onClose();
                onLeaveWaitlist(entry);
              }}
            >
              Leave waitlist<span className="sr-only">{` for ${entry.childNames.join(', ')}`}</span>
            </Button>
          )}
        </div>
      ))}
    </section>
  );
}

/** The class's ages (and girls-only) and its description. */
export function ClassDetails({ idPrefix, classType }: { idPrefix: string; classType: SessionDto['classType'] }) {
  const ages = agesLabel(classType);
  return (
    <section aria-labelledby={`${idPrefix}-details`} className="grid gap-1.5 text-sm">
      <h3 id={`${idPrefix}-details`} className="font-semibold text-slate-900">
        Class Details
      </h3>
      {ages && <p className="text-slate-700">{ages}</p>}
      {classType.description && <p className="text-slate-600">{classType.description}</p>}
    </section>
  );
}

/** The server's refusal of the last attempt to join the waitlist. */
export function JoinRefusal({ message }: { message: string }) {
  return (
    <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/** Cancel, and Book Session or Join Waitlist (none when no child can be booked or the waitlist has closed). */
export function BookingDialogFooter({
  onClose,
  busy,
  offerSubmit,
  canSubmit,
  joining,
  submitButton,
}: {
  onClose: () => void;
  busy: boolean;
  offerSubmit: boolean;
  canSubmit: boolean;
  joining: boolean;
  submitButton: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      {/* Issue 20: with no child left to book, the dialog says why (above) instead of offering Book. */}
      {offerSubmit && (
        <Button
          ref={submitButton}
          type="submit"
          // Spec 5: the button reads as disabled until the choice is valid, yet stays focusable and clickable
          // so that trying it with no child selected explains why ('No Children Selected'). While the request
          // is in flight it is disabled outright.
          aria-disabled={!canSubmit || busy}
          disabled={busy}
          className={cn(!canSubmit && 'cursor-not-allowed opacity-60 hover:bg-brand-600')}
        >
          {submitLabel(joining, busy)}
        </Button>
      )}
    </DialogFooter>
  );
}
