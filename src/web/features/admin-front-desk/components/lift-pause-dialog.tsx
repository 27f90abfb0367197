import { useId, useState } from 'react';
import { LIFT_PAUSE_NOTE_REQUIRED } from '../../../../shared/schemas/admin-users';
import { MAX_OFFICE_NOTE } from '../../../../shared/schemas/bookings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useLiftBookingPause } from '../api/lift-booking-pause';

interface LiftPauseDialogProps {
  userId: string;
  familyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Lift pause' (issue 32): the office opens the family's online booking again after the no-show rule paused it. A note
 * saying why is required (kept with the action on the family page, never shown to the family); from now on only newer
 * no-shows count.
 */
export function LiftPauseDialog({ userId, familyName, open, onOpenChange }: LiftPauseDialogProps) {
  const lift = useLiftBookingPause();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = useId();

  function close(next: boolean) {
    if (!next) {
      setNote('');
      setMissing(false);
      setRefusal(null);
    }
    onOpenChange(next);
  }

  function confirm() {
    if (lift.isPending) return;
    const trimmed = note.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    setRefusal(null);
    lift.mutate(
      { userId, note: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Pause lifted', description: `${familyName} can book online again.` });
          close(false);
        },
        onError: (error) => setRefusal(apiErrorMessage(error, 'The pause could not be lifted')),
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Lift booking pause"
      description={
        <p>
          Let <strong className="font-semibold text-slate-900">{familyName}</strong> book online again? Their no-shows so far stop counting; new ones
          count again.
        </p>
      }
      confirmLabel="Lift pause"
      pendingLabel="Lifting..."
      cancelLabel="Keep paused"
      pending={lift.isPending}
      onConfirm={confirm}
      error={refusal}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-note`}>
          Note for the office <span className="text-red-700">(required)</span>
        </Label>
        <textarea
          id={`${ids}-note`}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          maxLength={MAX_OFFICE_NOTE}
          rows={2}
          disabled={lift.isPending}
          aria-invalid={missing || undefined}
          aria-describedby={`${ids}-note-help`}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 aria-invalid:border-red-600 md:text-sm"
          placeholder="e.g. Family called: a sick week"
        />
        <p id={`${ids}-note-help`} className={cn('text-xs', missing ? 'text-red-700' : 'text-slate-600')} role={missing ? 'alert' : undefined}>
          {missing ? `${LIFT_PAUSE_NOTE_REQUIRED}.` : 'Shown on the family page; the family never sees it.'}
        </p>
      </div>
    </ConfirmDialog>
  );
}
