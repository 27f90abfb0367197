import { TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatShortDate, plural } from '../../../../shared/rules/format';
import type { AdminWaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { BookingSummary } from '../../../components/booking-summary';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OfficeNoteFields } from '../../../components/office-note-fields';
import { Alert } from '../../../components/ui/alert';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useNow } from '../../../lib/use-now';
import { usePromoteWaitlistEntry } from '../api/waitlist-actions';
import { childList, heldBackNote } from './waitlist-format';

interface PromoteWaitlistDialogProps {
  entry: AdminWaitlistEntryDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The session's free spots, when the page knows them (the roster): said before the office confirms. */
  availableSpots?: number | undefined;
}

/**
 * 'Promote now' (issue 21): the office books a waiting entry at once, ahead of automatic promotion, by the same rules
 * as a booking (a spot for every child of the entry, the session not started), with the front desk's weekly-limit
 * override, which needs a note. A refusal (the server's words) stays in the dialog beside the buttons, so the office
 * can tick the override and try again.
 */
export function PromoteWaitlistDialog({ entry, open, onOpenChange, availableSpots }: PromoteWaitlistDialogProps) {
  const promote = usePromoteWaitlistEntry();
  const now = useNow();
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [triedWithoutNote, setTriedWithoutNote] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useAttemptKeys();
  const submitting = useRef(false);
  const busy = promote.isPending;
  const noteMissing = override && !note.trim();
  const held = entry ? heldBackNote(entry.heldBack, entry.session.startsAt, now) : null;
  const spotsShort = entry !== null && availableSpots !== undefined && availableSpots < entry.childNames.length;

  function changeOpen(next: boolean) {
    if (!next) {
      setNote('');
      setOverride(false);
      setTriedWithoutNote(false);
      setError(null);
      attempt.finish();
    }
    onOpenChange(next);
  }

  function confirm() {
    if (!entry || busy || submitting.current) return;
    if (noteMissing) {
      setTriedWithoutNote(true);
      return;
    }
    submitting.current = true;
    setError(null);
    const body = { note: note.trim() || undefined, overrideWeeklyLimit: override || undefined };
    promote.mutate(
      { entryId: entry.id, body, idempotencyKey: attempt.keyFor(JSON.stringify({ entryId: entry.id, ...body })) },
      {
        onSuccess: (booking) => {
          attempt.finish();
          toast({
            title: 'Promoted from the Waitlist',
            description: `${childList(booking.childNames)} booked for ${booking.session.classType.name} on ${formatShortDate(booking.session.startsAt)}. Reference ${booking.reference}.`,
          });
          changeOpen(false);
        },
        onError: (failure) => {
          if (attemptAnswered(failure)) attempt.finish();
          setError(apiErrorMessage(failure, 'Failed to promote from the waitlist'));
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open && entry !== null}
      onOpenChange={changeOpen}
      title="Promote from the Waitlist"
      description={
        entry && (
          <p>
            Book <strong className="font-semibold text-slate-900">{childList(entry.childNames)}</strong> of {entry.familyName} into this session now,
            out of turn. The entry leaves the waitlist and the family gets the confirmation email.
          </p>
        )
      }
      confirmLabel="Promote Now"
      pendingLabel="Promoting..."
      cancelLabel="Keep Waiting"
      pending={busy}
      onConfirm={confirm}
      error={error}
    >
      {entry && (
        <div className="grid gap-4">
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <BookingSummary session={entry.session} childNames={entry.childNames} layout="inline" />
            <p className="mt-2 text-sm text-slate-700">
              {entry.position !== null && <>Position {entry.position} on the waitlist. </>}
              {availableSpots !== undefined && (
                <>
                  {plural(Math.max(availableSpots, 0), 'spot')} free, {plural(entry.childNames.length, 'spot')} needed.
                </>
              )}
            </p>
          </div>
          {spotsShort && (
            <Alert variant="warning">
              <TriangleAlert aria-hidden="true" />
              <p>Not enough spots are free for every child of this entry: the promotion is refused until spots free up or the capacity is raised.</p>
            </Alert>
          )}
          <OfficeNoteFields
            note={note}
            onNoteChange={setNote}
            override={{
              checked: override,
              onChange: (checked) => {
                setOverride(checked);
                // The last refusal was about the choice just changed: the next attempt answers anew.
                setError(null);
              },
              needed: held !== null,
              neededHint: `${held}. Tick to promote anyway, and say why in the note.`,
            }}
            noteMissing={triedWithoutNote && noteMissing}
            disabled={busy}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
