import { useState } from 'react';
import { LIFT_PAUSE_NOTE_REQUIRED } from '../../../../shared/schemas/admin-users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useLiftBookingPause } from '../api/lift-booking-pause';
import { RequiredNoteField } from './required-note-field';

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
      <RequiredNoteField
        note={note}
        onNoteChange={(next: string) => {
          setNote(next);
          if (next.trim()) setMissing(false);
        }}
        problem={missing ? LIFT_PAUSE_NOTE_REQUIRED : null}
        disabled={lift.isPending}
        placeholder="e.g. Family called: a sick week"
      />
    </ConfirmDialog>
  );
}
