import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { childChoices, noChildBookableReason, weekWordOf } from '../../../../shared/rules/child-choice';
import { missingDetailsOf } from '../../../../shared/rules/eligibility';
import { CONFIRMED } from '../../../../shared/rules/upcoming-bookings';
import { isWaitlistOpen, joinedDescription, waitingChildren } from '../../../../shared/rules/waitlist';
import { startOfTorontoWeek, torontoDateKey } from '../../../../shared/rules/week';
import { createBookingBody, NO_CHILDREN_SELECTED } from '../../../../shared/schemas/bookings';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { DEFAULT_WAITLIST_CUTOFF_HOURS, joinWaitlistBody } from '../../../../shared/schemas/waitlist';
import { useChildDetailsAsk } from '../../../components/child-details-ask';
import { ruledOutBy } from '../../../components/child-details-ask-rules';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { childStatsQuery } from '../../../lib/child-stats';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useMyBookings } from '../../../lib/my-bookings';
import { useMyWaitlist } from '../../../lib/my-waitlist';
import { useOnline } from '../../../lib/online-status';
import { useLatestSession } from '../../../lib/session-cache';
import { useNow } from '../../../lib/use-now';
import { useCreateBooking } from '../api/create-booking';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useSaveChildDetails } from '../api/save-child-details';
import { bookingChoice, submitStep, toggledChildren } from './booking-form-rules';

/**
 * The booking dialog's state (spec 4 and 5; issues 20 and 21): the session as the reads know it now, the children
 * as this session's week sees them, the family's bookings and waiting entries here, the ticked children and what
 * the dialog offers for them, and the submit that books them (or joins the waitlist).
 */
export function useBookingForm(opened: SessionDto, onClose: () => void) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const now = useNow();
  const createBooking = useCreateBooking();
  const joinWaitlist = useJoinWaitlist();
  const saveDetails = useSaveChildDetails();
  const detailsAsk = useChildDetailsAsk();
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
  const busy = createBooking.isPending || joinWaitlist.isPending || saveDetails.isPending;
  // Set at once on submit (the pending state re-renders only later): a fast double tap sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();
  const submitButton = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);
  const online = useOnline();
  // The rules of the choice (booking-form-rules.ts): who is picked, book or join, and whether the button is enabled.
  const choice = bookingChoice({ choices, selected, availableSpots, gone, waitlistOpen, online, noneBookable });
  const { picked, joining, canSubmit } = choice;
  // Issue 31: the details the class needs of the children chosen that their records lack (or the server asked for),
  // asked inline and recorded before the booking.
  const asks = detailsAsk.asksFor(missingDetailsOf(children, picked, session.classType, session.startsAt), picked);

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
    const parsed = createBookingBody.safeParse({ sessionId: session.id, childNames: picked });
    const step = submitStep({ busy: busy || submitting.current, picked: picked.length, valid: parsed.success, canSubmit, joining });
    if (step === 'no-children') toast({ variant: 'destructive', title: 'No Children Selected', description: NO_CHILDREN_SELECTED });
    if (!parsed.success || (step !== 'book' && step !== 'join')) return;
    submitting.current = true;
    refocusSubmit.current = document.activeElement === submitButton.current;
    const { childNames } = parsed.data;
    const proceed = () => (step === 'join' ? join(childNames) : book(childNames));
    if (asks.length === 0) {
      proceed();
      return;
    }
    const records = detailsAsk.check(asks);
    if (!records) {
      submitting.current = false;
      return;
    }
    saveDetails.mutate(records, {
      onSuccess: () => {
        detailsAsk.recorded();
        // The details just recorded may rule a child out: then nothing is booked, and the dialog greys them with why.
        const ruledOut = ruledOutBy(records, children, session);
        if (ruledOut.length > 0) {
          submitting.current = false;
          toast({ title: 'Details Saved', description: ruledOut.join('. ') });
          return;
        }
        proceed();
      },
      onError: (error) => {
        submitting.current = false;
        toast({ variant: 'destructive', title: 'Details Not Saved', description: apiErrorMessage(error, 'Failed to save the details') });
      },
    });
  }


  function book(childNames: string[]) {
    const body = { sessionId: session.id, childNames };
    // One key per attempt: the same request sent again after it went unanswered keeps it (never books twice).
    const idempotencyKey = attempt.keyFor(JSON.stringify(body));
    createBooking.mutate(
      { body, idempotencyKey },
      {
        onSuccess: async (booking) => {
          attempt.finish();
          toast({ title: 'Booking Confirmed!', description: `Successfully booked for ${booking.childNames.join(', ')}` });
          onClose();
          await navigate(`/booking-confirmation/${booking.id}`);
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          // A refusal asking for a child's details (the dialog's reads were out of date) shows the ask, not a failure.
          if (detailsAsk.fromError(error)) return;
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
          if (detailsAsk.fromError(error)) return;
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

  return {
    session,
    latest,
    availableSpots,
    gone,
    full,
    now,
    online,
    children,
    choices,
    noneBookable,
    waitlistOpen,
    bookingsHere,
    entriesHere,
    joinRefusal,
    asks,
    detailsAsk,
    busy,
    submitButton,
    toggle,
    onSubmit,
    ...choice,
  };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
