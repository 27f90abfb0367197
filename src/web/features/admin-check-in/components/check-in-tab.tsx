import { CircleCheck, CloudOff, QrCode, RefreshCw, Search, TriangleAlert, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { addDays } from 'date-fns';
import { parseBookingReference } from '../../../../shared/rules/booking-reference';
import { formatLongDate, formatTime, formatTimeRange, plural } from '../../../../shared/rules/format';
import { startOfTorontoDay, torontoDateKey } from '../../../../shared/rules/week';
import type { CheckInLookupResponse } from '../../../../shared/schemas/check-in';
import { MALFORMED_REFERENCE } from '../../../../shared/schemas/check-in';
import type { DoorGuardian } from '../../../../shared/schemas/door';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { GuardianPhones, NeedsAttentionFlag } from '../../../components/door-details';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { bringIntoView } from '../../../lib/bring-into-view';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { useCheckInChild, useDoorRoster, useLookUpBooking, useSessionsOfDay, useUndoCheckIn } from '../api/check-in';
import { didNotReachServer, useDoorQueue, type DoorQueueState } from '../api/door-queue';
import { useAuth } from '../../../lib/auth';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { dismissConflict, queueTap, type DoorOp } from '../../../lib/door-queue';
import { useOnline } from '../../../lib/online-status';
import { ScanQrDialog } from './scan-qr-dialog';

/** One child of one booking at the door, as the roster and the look-up both tell it. */
interface DoorChild {
  bookingId: string;
  childId: string;
  childName: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
  /** Issue 31: the notes need attention (the flag opens them); the notes are null unless flagged. */
  needsAttention: boolean;
  medicalNotes: string | null;
  /** Issue 34: a tap made without a connection, on this device, not sent yet. */
  waiting?: boolean;
}

/**
 * The Check-in tab (issue 22), made for a tablet at the door: today's sessions (Toronto), then the chosen one's
 * children with a one-tap 'Check in' each; a booking is found by its reference, typed or read from the QR code of the
 * family's confirmation. The roster is read again after every tap and every few seconds, so several administrators
 * at the door see each other's check-ins; the server keeps one record per child whoever taps first. Issue 31: a child
 * whose notes need attention is flagged (the notes on tap), and the family's guardians are listed with tap-to-call
 * phones, for the booking found and on each child of the roster.
 */
export function CheckInTab({ headingHidden = false }: { headingHidden?: boolean } = {}) {
  const ids = useId();
  const now = useNow();
  const { user } = useAuth();
  const queue = useDoorQueue(user?.id);
  const today = torontoDateKey(now);
  const [day, setDay] = useState<'today' | 'tomorrow'>('today');
  const sessions = useSessionsOfDay(today);
  const [sessionId, setSessionId] = useState<string>();
  const todays = (sessions.data?.sessions ?? []).filter((session) => session.status !== 'CANCELLED');
  const chosen = todays.find((session) => session.id === sessionId);

  return (
    <section aria-labelledby={`${ids}-title`} className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {/* A coach's screen is titled Check-in already (its h1): the section keeps its name for assistive technology. */}
          <h2 id={`${ids}-title`} className={cn('text-lg font-semibold tracking-tight text-slate-900', headingHidden && 'sr-only')}>
            Check-in
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {day === 'today'
              ? `Today’s sessions, ${formatLongDate(now)} (Toronto time). Pick the session at the door, then check each child in.`
              : 'Tomorrow’s sessions, to get ready: open a roster to see who is coming. Check-in opens on the day.'}
          </p>
        </div>
        {/* Issue 34: tomorrow's rosters too (a coach reads those two days only). */}
        <div role="group" aria-label="Day" className="inline-flex w-fit rounded-lg border border-slate-200 bg-white p-1">
          {(['today', 'tomorrow'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={day === option}
              onClick={() => setDay(option)}
              className={cn(
                'min-h-9 cursor-pointer rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                day === option ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {option === 'today' ? 'Today' : 'Tomorrow'}
            </button>
          ))}
        </div>
      </div>
      <DoorQueueBanner queue={queue} />
      {day === 'tomorrow' ? (
        <TomorrowsRosters now={now} />
      ) : sessions.isError && !sessions.data ? (
        <QueryErrorAlert title="Today’s sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !sessions.data ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading today’s sessions
          </span>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : todays.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">There are no sessions today.</p>
      ) : (
        <div role="group" aria-label="Today’s sessions" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {todays.map((session) => (
            <SessionChoice key={session.id} session={session} selected={session.id === sessionId} onSelect={() => setSessionId(session.id)} />
          ))}
        </div>
      )}
      {day === 'today' && chosen && <DoorPanel key={chosen.id} session={chosen} queue={queue} userId={user?.id ?? ''} />}
    </section>
  );
}

/** Tomorrow's sessions (Toronto), each a link to its roster. */
function TomorrowsRosters({ now }: { now: Date }) {
  const tomorrow = addDays(startOfTorontoDay(now), 1);
  const sessions = useSessionsOfDay(torontoDateKey(tomorrow));
  const list = (sessions.data?.sessions ?? []).filter((session) => session.status !== 'CANCELLED');
  if (sessions.isError) return <QueryErrorAlert title="Tomorrow’s sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (!sessions.data) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading tomorrow’s sessions
        </span>
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (list.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">There are no sessions tomorrow.</p>;
  return (
    <ul aria-label={`Tomorrow’s sessions, ${formatLongDate(tomorrow)}`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((session) => (
        <li key={session.id}>
          <Link
            to={`/admin/sessions/${session.id}`}
            className="flex min-h-20 flex-col items-start gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <span className="text-base font-semibold text-slate-900">{session.classType.name}</span>
            <span className="text-sm text-slate-700">
              {formatTimeRange(session.startsAt, session.endsAt)} · {session.location}
            </span>
            <span className="text-xs text-slate-500">{`${plural(session.bookedCount, 'child', 'children')} booked · see the roster`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SessionChoice({ session, selected, onSelect }: { session: SessionDto; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        'flex min-h-20 cursor-pointer flex-col items-start gap-1 rounded-lg border bg-white p-4 text-left shadow-xs transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
        selected ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200',
      )}
    >
      <span className="text-base font-semibold text-slate-900">{session.classType.name}</span>
      <span className="text-sm text-slate-700">
        {formatTimeRange(session.startsAt, session.endsAt)} · {session.location}
      </span>
      <span className="text-xs text-slate-500">{plural(session.bookedCount, 'child', 'children')} booked</span>
    </button>
  );
}

/**
 * The chosen session at the door: the reference search and its children. It mounts when a session is picked (a key
 * per session), and comes into view then (issue 33: on a phone it opens below the list of sessions).
 */
function DoorPanel({ session, queue, userId }: { session: SessionDto; queue: DoorQueueState; userId: string }) {
  const ids = useId();
  const online = useOnline();
  const panelRef = useRef<HTMLDivElement>(null);
  const roster = useDoorRoster(session.id);
  // Up when it opens, and again once its roster is in: the page was shorter before, and could not scroll far enough.
  const rosterLoaded = roster.data !== undefined;
  useEffect(() => bringIntoView(panelRef.current, { always: true }), [rosterLoaded]);
  const lookUp = useLookUpBooking();
  const checkIn = useCheckInChild(session.id);
  const undo = useUndoCheckIn(session.id);
  const [reference, setReference] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [found, setFound] = useState<CheckInLookupResponse | null>(null);
  const [scanning, setScanning] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // Issue 34: the taps made here without a connection show as made (waiting to be sent) until the server has them.
  const withQueued = (child: DoorChild): DoorChild => {
    const tap = queue.taps.findLast((queued) => queued.bookingId === child.bookingId && queued.childId === child.childId);
    if (!tap) return child;
    return tap.op === 'check-in' ? { ...child, checkedInAt: tap.tappedAt, checkedInBy: null, waiting: true } : { ...child, checkedInAt: null, checkedInBy: null, waiting: true };
  };
  const rosterChildren: DoorChild[] = (roster.data?.children ?? []).map(withQueued);
  const presentCount = rosterChildren.filter((child) => child.checkedInAt).length;
  // The roster is the freshest word on each child (re-read after every tap); the look-up's answer fills in until then.
  const freshest = (child: DoorChild): DoorChild =>
    rosterChildren.find((row) => row.bookingId === child.bookingId && row.childId === child.childId) ?? withQueued(child);
  const foundChildren: DoorChild[] = found ? found.children.map((child) => freshest({ ...child, bookingId: found.booking.id })) : [];

  function findBooking(text: string) {
    setActionError(null);
    if (!parseBookingReference(text)) {
      setFound(null);
      setRefusal(`${MALFORMED_REFERENCE}.`);
      return;
    }
    if (!online) {
      findOnThisDevice(text);
      return;
    }
    lookUp.mutate(
      { sessionId: session.id, reference: text },
      {
        onSuccess: (answer) => {
          setFound(answer);
          setRefusal(null);
          setReference('');
        },
        onError: (error) => {
          if (didNotReachServer(error)) {
            findOnThisDevice(text);
            return;
          }
          setFound(null);
          setRefusal(apiErrorMessage(error, 'The booking could not be looked up. Check the connection and try again.'));
        },
      },
    );
  }

  /** Issue 34: without a connection, the reference is looked for in this session's roster as last loaded here. */
  function findOnThisDevice(text: string) {
    const suffix = parseBookingReference(text);
    const rows = (roster.data?.children ?? []).filter((row) => parseBookingReference(row.reference) === suffix);
    const first = rows[0];
    if (!first) {
      setFound(null);
      setRefusal(`No connection: ${text.trim().toUpperCase()} is not on this session’s roster as saved on this device. Only this session’s bookings can be found offline.`);
      return;
    }
    setRefusal(null);
    setReference('');
    setFound({
      booking: { id: first.bookingId, reference: first.reference, sessionId: session.id, familyName: first.familyName, email: first.email, bookedBy: first.bookedBy, guardians: first.guardians },
      children: rows.map(({ childId, childName, checkedInAt, checkedInBy, needsAttention, medicalNotes }) => ({ childId, childName, checkedInAt, checkedInBy, needsAttention, medicalNotes })),
    } as CheckInLookupResponse);
  }

  /** A tap kept on this device (no connection): sent, with its key and time, when the network returns. */
  async function keepForLater(op: DoorOp, child: DoorChild) {
    const reference = (roster.data?.children ?? []).find((row) => row.bookingId === child.bookingId)?.reference ?? found?.booking.reference ?? '';
    try {
      await queueTap({ key: newIdempotencyKey(), userId, op, bookingId: child.bookingId, childId: child.childId, sessionId: session.id, childName: child.childName, reference, tappedAt: new Date().toISOString() });
      toast({
        title: op === 'check-in' ? `${child.childName} checked in on this device` : `Check-in of ${child.childName} undone on this device`,
        description: 'No connection: it is sent when the connection returns.',
      });
    } catch {
      setActionError(`${child.childName} could not be saved on this device. Write it down and try again when the connection returns.`);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    findBooking(reference);
  }

  function markPresent(child: DoorChild) {
    setActionError(null);
    if (!online || child.waiting) {
      void keepForLater('check-in', child);
      return;
    }
    checkIn.mutate(
      { bookingId: child.bookingId, childId: child.childId },
      {
        onSuccess: (answer) => {
          if (answer.alreadyCheckedIn) {
            toast({
              title: `${answer.child.childName} was already checked in`,
              description: `By ${answer.child.checkedInBy ?? 'the office'} at ${formatTime(answer.child.checkedInAt!)}.`,
            });
          } else {
            toast({ title: `${answer.child.childName} checked in` });
          }
        },
        onError: (error) =>
          didNotReachServer(error)
            ? void keepForLater('check-in', child)
            : setActionError(apiErrorMessage(error, `${child.childName} could not be checked in. Check the connection and try again.`)),
      },
    );
  }

  function takeBack(child: DoorChild) {
    setActionError(null);
    if (!online || child.waiting) {
      void keepForLater('undo', child);
      return;
    }
    undo.mutate(
      { bookingId: child.bookingId, childId: child.childId },
      {
        onSuccess: (answer) => toast({ title: `${answer.child.childName} is no longer checked in` }),
        onError: (error) =>
          didNotReachServer(error)
            ? void keepForLater('undo', child)
            : setActionError(apiErrorMessage(error, `The check-in of ${child.childName} could not be undone. Try again.`)),
      },
    );
  }

  const busyWith = (child: DoorChild) =>
    [checkIn, undo].some(
      (mutation) => mutation.isPending && mutation.variables?.bookingId === child.bookingId && mutation.variables.childId === child.childId,
    );
  const renderChild = (child: DoorChild, detail?: string, guardians?: readonly DoorGuardian[]) => (
    <ChildAtDoor
      key={`${child.bookingId}-${child.childId}`}
      child={child}
      detail={detail}
      guardians={guardians}
      busy={busyWith(child)}
      onCheckIn={() => markPresent(child)}
      onUndo={() => takeBack(child)}
    />
  );

  return (
    <div ref={panelRef} className="grid scroll-mt-20 grid-cols-1 gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">
          {session.classType.name}, {formatTimeRange(session.startsAt, session.endsAt)}
        </h3>
        <p className="text-sm text-slate-600">
          {session.location} · {roster.data ? `${presentCount} of ${plural(rosterChildren.length, 'child', 'children')} checked in` : 'Loading the roster'}
        </p>
      </div>

      <form onSubmit={submit} className="grid gap-2" noValidate>
        <Label htmlFor={`${ids}-reference`}>Booking reference</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${ids}-reference`}
            ref={inputRef}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            placeholder="NB-1A2B3C4D"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${ids}-refusal` : undefined}
            className="h-11 font-mono text-base sm:max-w-xs md:text-base"
          />
          <div className="flex gap-2">
            <Button type="submit" size="lg" className="flex-1 px-4 sm:flex-none" disabled={lookUp.isPending}>
              <Search aria-hidden="true" />
              Find booking
            </Button>
            <Button type="button" variant="outline" size="lg" className="flex-1 px-4 sm:flex-none" onClick={() => setScanning(true)}>
              <QrCode aria-hidden="true" />
              Scan QR code
            </Button>
          </div>
        </div>
        {refusal && (
          <p id={`${ids}-refusal`} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
      </form>

      {found && (
        <section aria-label={`Booking ${found.booking.reference}`} className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
          <p className="text-sm text-slate-700">
            <span className="font-mono font-semibold text-slate-900">{found.booking.reference}</span> · {found.booking.familyName}
          </p>
          <div className="grid gap-1 text-sm">
            <p className="font-medium text-slate-900">Guardians</p>
            <GuardianPhones guardians={found.booking.guardians} />
          </div>
          <ul className="grid gap-2">{foundChildren.map((child) => renderChild(child))}</ul>
        </section>
      )}

      {actionError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {actionError}
        </p>
      )}

      <section aria-labelledby={`${ids}-children`} className="grid gap-3">
        <h4 id={`${ids}-children`} className="text-base font-semibold text-slate-900">
          Children booked
        </h4>
        {roster.isError && !roster.data ? (
          <QueryErrorAlert title="The roster could not be loaded" error={roster.error} onRetry={() => void roster.refetch()} />
        ) : !roster.data ? (
          <Skeleton className="h-32" />
        ) : rosterChildren.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No one is booked in this session.</p>
        ) : (
          <ul className="grid gap-2">
            {roster.data.children.map((row) => renderChild(withQueued(row), `${row.familyName} · ${row.reference}`, row.guardians))}
          </ul>
        )}
      </section>

      <ScanQrDialog
        open={scanning}
        onOpenChange={(open) => {
          setScanning(open);
          if (!open) requestAnimationFrame(() => inputRef.current?.focus());
        }}
        onCode={(text) => {
          setScanning(false);
          setReference(text);
          findBooking(text);
        }}
      />
    </div>
  );
}

/** One child: a big 'Check in' button, or present since when and by whom, with 'Undo'. */
function ChildAtDoor({
  child,
  detail,
  guardians,
  busy,
  onCheckIn,
  onUndo,
}: {
  child: DoorChild;
  detail?: string | undefined;
  guardians?: readonly DoorGuardian[] | undefined;
  busy: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
}) {
  const present = child.checkedInAt !== null;
  return (
    <li
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3',
        present ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-base font-semibold text-slate-900">{child.childName}</p>
        {detail && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{detail}</p>}
        {guardians && <GuardianPhones guardians={guardians} className="mt-1 text-sm" />}
        {child.needsAttention && <NeedsAttentionFlag childName={child.childName} notes={child.medicalNotes} className="mt-1.5" />}
        {present && (
          <p className="mt-0.5 flex items-center gap-1.5 text-sm font-medium text-green-800">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            Present since {formatTime(child.checkedInAt!)}
            {child.checkedInBy ? ` · ${child.checkedInBy}` : ''}
          </p>
        )}
        {child.waiting && (
          <p className="mt-0.5 flex items-center gap-1.5 text-sm font-medium text-amber-800">
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
            Saved on this device, waiting to be sent
          </p>
        )}
      </div>
      {present ? (
        <Button type="button" variant="outline" size="lg" className="px-4" disabled={busy} onClick={onUndo} aria-label={`Undo the check-in of ${child.childName}`}>
          <Undo2 aria-hidden="true" />
          Undo
        </Button>
      ) : (
        <Button type="button" size="lg" className="min-w-36" disabled={busy} onClick={onCheckIn} aria-label={`Check in ${child.childName}`}>
          Check in
        </Button>
      )}
    </li>
  );
}

/**
 * Issue 34: the door's state on this device: no connection (taps are kept here), how many wait to be sent, and each
 * tap the server refused when it was sent (a booking cancelled meanwhile), until the coach dismisses it.
 */
function DoorQueueBanner({ queue }: { queue: DoorQueueState }) {
  const online = useOnline();
  const waiting = queue.taps.length;
  if (online && waiting === 0 && queue.conflicts.length === 0) return null;
  return (
    <div className="grid gap-3">
      {(!online || waiting > 0) && (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
          {online ? <RefreshCw aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', queue.sending && 'animate-spin')} /> : <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
          <p>
            <span className="font-semibold">{online ? 'Back online.' : 'No connection.'}</span>{' '}
            {waiting > 0
              ? `${plural(waiting, 'check-in')} ${waiting === 1 ? 'waits' : 'wait'} to be sent${online ? ': sending now.' : ', and will be sent when the connection returns.'}`
              : 'Check-ins are saved on this device and sent when the connection returns.'}
          </p>
        </div>
      )}
      {queue.conflicts.length > 0 && (
        <section aria-label="Check-ins the server refused" role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-red-900">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {queue.conflicts.length === 1 ? 'A check-in made offline was not accepted' : `${queue.conflicts.length} check-ins made offline were not accepted`}
          </p>
          <ul className="grid gap-2">
            {queue.conflicts.map((conflict) => (
              <li key={conflict.key} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-sm text-slate-800">
                <span className="min-w-0 flex-1 basis-56">
                  <span className="font-medium">{`${conflict.op === 'check-in' ? 'Check-in' : 'Undo'} of ${conflict.childName}`}</span>
                  {` (${conflict.reference || 'no reference'}, ${formatTime(conflict.tappedAt)}): ${conflict.message}`}
                </span>
                <Button variant="outline" size="sm" onClick={() => void dismissConflict(conflict.key)} aria-label={`Dismiss: ${conflict.childName}`}>
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
