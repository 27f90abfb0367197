import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Hourglass, Info, TriangleAlert, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { bookingReference } from '../../../../shared/product';
import { childChoices, noChildBookableReason, weekWordOf } from '../../../../shared/rules/child-choice';
import { isFutureBooking } from '../../../../shared/rules/session-card';
import { CONFIRMED } from '../../../../shared/rules/upcoming-bookings';
import {
  heldBackSentence,
  isWaitlistOpen,
  joinedDescription,
  namesInWords,
  placeInLine,
  WAITLIST_PROMISE,
  waitingChildren,
} from '../../../../shared/rules/waitlist';
import { startOfTorontoWeek, torontoDateKey } from '../../../../shared/rules/week';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { createBookingBody, NO_CHILDREN_SELECTED } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { DEFAULT_WAITLIST_CUTOFF_HOURS, joinWaitlistBody, type WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingActionButtons } from '../../../components/booking-action-buttons';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/utils';
import { useCreateBooking } from '../api/create-booking';
import { agesLabel, availabilityLabel, bookingChoice, spotsLeftLabel, toggledChildren, waitingLabel } from './booking-form-rules';
import { useJoinWaitlist } from '../api/join-waitlist';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';
import { useLatestSession } from '../../../lib/session-cache';
import { childStatsQuery } from '../../../lib/child-stats';
import { useMyBookings } from '../../../lib/my-bookings';
import { useMyWaitlist } from '../../../lib/my-waitlist';
import { useNow } from '../../../lib/use-now';

/** Reschedule or cancel one of the family's bookings (the my-bookings dialogs, composed in src/web/app). */
export type ManageBooking = (kind: 'cancel' | 'reschedule', booking: BookingDto) => void;

/** Leave one of the family's waiting entries (the waitlist's confirm dialog, composed in src/web/app). */
export type LeaveWaitlist = (entry: WaitlistEntryDto) => void;

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

function BookingForm({ session: opened, onClose, onManageBooking, onLeaveWaitlist }: BookingFormProps) {
  const ids = useId();
  const navigate = useNavigate();
  const { user } = useAuth();
  const now = useNow();
  const createBooking = useCreateBooking();
  const joinWaitlist = useJoinWaitlist();
  // The session as the calendar's reads know it now: a refused booking refreshes them, and the dialog then
  // shows the spots as they are ('Full') instead of what they were when it opened. Null: no longer listed.
  const latest = useLatestSession(opened);
  const session = latest ?? opened;
  const availableSpots = latest ? latest.availableSpots : 0;
  const [selected, setSelected] = useState<string[]>([]);
  const children = user?.children ?? [];
  // Issue 20: each child as this session's week sees them (the same read as the dashboard's cards of that week),
  // and the family's bookings of this session.
  const stats = useQuery(childStatsQuery(torontoDateKey(startOfTorontoWeek(session.startsAt))));
  const myBookings = useMyBookings();
  const bookingsHere = useMemo(
    () => (myBookings.data ?? []).filter((booking) => booking.sessionId === session.id && booking.status === CONFIRMED),
    [myBookings.data, session.id],
  );
  // Issue 21: the family's waiting entries of this session (their children are not chosen again).
  const myWaitlist = useMyWaitlist();
  const entriesHere = useMemo(
    () => (myWaitlist.data ?? []).filter((entry) => entry.sessionId === session.id && entry.status === 'WAITING'),
    [myWaitlist.data, session.id],
  );
  const gone = latest === null;
  const full = availableSpots <= 0;
  const choices = childChoices(children, {
    bookedHere: bookingsHere.flatMap((booking) => booking.childNames),
    waitingHere: waitingChildren(entriesHere, session.id),
    week: stats.data?.children,
    weekWord: weekWordOf(session.startsAt, now),
    forWaitlist: full && !gone,
    // Issue 22: a child whose recorded date of birth or sex rules the class out is greyed, with the server's reason.
    session: { classType: session.classType, startsAt: session.startsAt },
  });
  const noneBookable = noChildBookableReason(choices);
  const waitlistOpen = isWaitlistOpen(session.startsAt, now, DEFAULT_WAITLIST_CUTOFF_HOURS);
  // The server's refusal of the last attempt to join, shown beside the button (and in a toast).
  const [joinRefusal, setJoinRefusal] = useState<string | null>(null);
  const busy = createBooking.isPending || joinWaitlist.isPending;
  // Set at once on submit (the pending state re-renders only later): a fast double tap sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();
  const submitButton = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);
  const online = useOnline();
  // The rules of the choice (booking-form-rules.ts): who is picked, book or join, and whether the button is enabled.
  const { picked, joining, waitingPicked, canSubmit, tooFewSpots, waitlistClosed } = bookingChoice({
    choices,
    selected,
    availableSpots,
    gone,
    waitlistOpen,
    online,
    noneBookable,
  });
  const ages = agesLabel(session.classType);

  // The disabled button lost focus while the request ran: give it back once it is enabled again.
  useEffect(() => {
    if (busy || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    if (document.activeElement === document.body || document.activeElement === null) submitButton.current?.focus();
  }, [busy]);

  function toggle(name: string, checked: boolean) {
    setJoinRefusal(null);
    // Keep the order of the account's children, whatever order they are ticked in.
    setSelected((current) => toggledChildren(children, current, name, checked));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || submitting.current) return;
    const parsed = createBookingBody.safeParse({ sessionId: session.id, childNames: picked });
    if (picked.length === 0) {
      toast({ variant: 'destructive', title: 'No Children Selected', description: NO_CHILDREN_SELECTED });
      return;
    }
    if (!parsed.success || !canSubmit) return;
    submitting.current = true;
    refocusSubmit.current = document.activeElement === submitButton.current;
    if (joining) {
      join(parsed.data.childNames);
      return;
    }
    // One key per attempt: the same request sent again after it went unanswered keeps it (never books twice).
    const idempotencyKey = attempt.keyFor(JSON.stringify(parsed.data));
    createBooking.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSuccess: async (booking) => {
          attempt.finish();
          toast({ title: 'Booking Confirmed!', description: `Successfully booked for ${booking.childNames.join(', ')}` });
          onClose();
          await navigate(`/booking-confirmation/${booking.id}`);
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          toast({ variant: 'destructive', title: 'Booking Failed', description: apiErrorMessage(error, 'Failed to book session') });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  /** Issue 21: the chosen children wait for a spot; the server books them when one frees, in the order families joined. */
  function join(childNames: string[]) {
    const body = joinWaitlistBody.parse({ childNames });
    // One key per attempt, as for a booking: a retry after a lost answer never adds the children twice.
    const idempotencyKey = attempt.keyFor(JSON.stringify({ waitlist: session.id, ...body }));
    setJoinRefusal(null);
    joinWaitlist.mutate(
      { sessionId: session.id, body, idempotencyKey },
      {
        onSuccess: (entry) => {
          attempt.finish();
          toast({ title: 'Added to the Waitlist', description: joinedDescription(entry) });
          onClose();
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          const message = apiErrorMessage(error, 'Failed to join the waitlist');
          setJoinRefusal(message);
          toast({ variant: 'destructive', title: 'Could Not Join the Waitlist', description: message });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  const extraDetails = [{ label: 'Availability', icon: Users, value: availabilityLabel(latest ? availableSpots : null) }];
  if (!gone && session.waitlistCount > 0) extraDetails.push({ label: 'Waitlist', icon: Hourglass, value: waitingLabel(session.waitlistCount) });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Book Session</DialogTitle>
      </DialogHeader>
      <DialogDescription asChild>
        <div className="-mt-1 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <BookingSummary session={session} className="gap-2" extraDetails={extraDetails} />
        </div>
      </DialogDescription>

      <fieldset className="grid gap-3" disabled={busy}>
        <legend className="mb-3 text-sm font-semibold text-slate-900">Select Children for this Session</legend>
        {children.length === 0 ? (
          <p className="text-sm text-slate-600">There are no children on your account yet. Please contact our office to add them.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {choices.map((choice, index) => {
              const id = `${ids}-child-${index}`;
              const checked = picked.includes(choice.name);
              const noteId = `${id}-note`;
              return (
                <label
                  key={choice.name}
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm font-medium text-slate-900 transition-colors hover:border-brand-300',
                    checked && 'border-brand-600 bg-brand-50',
                    !choice.bookable && 'cursor-not-allowed bg-slate-50 text-slate-600 hover:border-slate-200',
                  )}
                >
                  <Checkbox
                    id={id}
                    checked={checked}
                    disabled={!choice.bookable}
                    aria-describedby={choice.reason || choice.left ? noteId : undefined}
                    onChange={(event) => toggle(choice.name, event.target.checked)}
                  />
                  <span className="grid min-w-0">
                    <span className="truncate">{choice.name}</span>
                    {(choice.reason || choice.left) && (
                      <span id={noteId} className={cn('text-xs font-normal', choice.bookable ? 'text-slate-600' : 'font-medium text-amber-800')}>
                        {choice.reason ?? choice.left}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        )}
        <div aria-live="polite" className="grid gap-1 text-sm">
          {picked.length > 0 && (
            <p className="text-slate-700">
              <span className="font-medium text-slate-900">Selected:</span> {picked.join(', ')}
            </p>
          )}
          {picked.length > 1 && !joining && <p className="font-medium text-brand-800">{`This will book ${picked.length} spots in the session.`}</p>}
          {picked.length > 0 && joining && waitlistOpen && (
            <p className="font-medium text-brand-800">{`This will put ${namesInWords(picked)} on the waitlist.`}</p>
          )}
          {tooFewSpots && (
            <p className="flex items-center gap-1.5 font-medium text-red-700">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {`Only ${spotsLeftLabel(availableSpots)} in this session.`}
            </p>
          )}
          {full && (
            <p className="flex items-center gap-1.5 font-medium text-red-700">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {latest ? 'This session is full.' : 'This session is no longer available.'}
            </p>
          )}
          {noneBookable && !gone && (
            <p className="flex items-start gap-1.5 font-medium text-amber-800">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {noneBookable}
            </p>
          )}
          {waitingPicked.length > 0 && (
            <p className="flex items-start gap-1.5 font-medium text-amber-800">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {`${namesInWords(waitingPicked)} ${waitingPicked.length === 1 ? 'is' : 'are'} already on the waitlist for this session.`}
            </p>
          )}
          {waitlistClosed && !noneBookable && (
            <p className="flex items-start gap-1.5 font-medium text-amber-800">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {`The waitlist has closed: it closes ${DEFAULT_WAITLIST_CUTOFF_HOURS} hours before the session starts.`}
            </p>
          )}
        </div>
        {joining && waitlistOpen && !noneBookable && (
          <p className="flex items-start gap-1.5 rounded-md bg-brand-50 px-2.5 py-2 text-sm text-slate-700">
            <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            {tooFewSpots ? `Choose fewer children to book now, or join the waitlist for all of them. ${WAITLIST_PROMISE}` : WAITLIST_PROMISE}
          </p>
        )}
      </fieldset>

      {bookingsHere.length > 0 && <ManageBookings bookings={bookingsHere} now={now} onClose={onClose} onManageBooking={onManageBooking} online={online} />}
      {entriesHere.length > 0 && <WaitingHere entries={entriesHere} online={online} onClose={onClose} onLeaveWaitlist={onLeaveWaitlist} />}

      <section aria-labelledby={`${ids}-details`} className="grid gap-1.5 text-sm">
        <h3 id={`${ids}-details`} className="font-semibold text-slate-900">
          Class Details
        </h3>
        {ages && <p className="text-slate-700">{ages}</p>}
        {session.classType.description && <p className="text-slate-600">{session.classType.description}</p>}
      </section>

      {!online && <OfflineNotice />}
      {joinRefusal && (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {joinRefusal}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {/* Issue 20: with no child left to book, the dialog says why (above) instead of offering Book. */}
        {!noneBookable && !waitlistClosed && (
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
            {joining ? (busy ? 'Joining...' : 'Join Waitlist') : busy ? 'Booking...' : 'Book Session'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

/**
 * Issue 20: the family's booking(s) of this session, each with Reschedule, Cancel and View: a booked card leads to
 * its booking. Reschedule and Cancel close this dialog and open the dashboard's own dialogs for that booking.
 */
function ManageBookings({
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
function WaitingHere({
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
