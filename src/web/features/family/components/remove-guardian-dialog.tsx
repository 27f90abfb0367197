import { useState } from 'react';
import { fullName } from '../../../../shared/rules/format';
import type { Guardian } from '../../../../shared/schemas/family';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useRemoveGuardian } from '../api/office-guardians';

interface RemoveGuardianDialogProps {
  userId: string;
  /** The guardian to remove; null: closed. */
  guardian: Guardian | null;
  onOpenChange: (open: boolean) => void;
}

/** Asks before the office removes a guardian: their account goes and their sign-in ends at once; the family stays. */
export function RemoveGuardianDialog({ userId, guardian, onOpenChange }: RemoveGuardianDialogProps) {
  const remove = useRemoveGuardian(userId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shown, setShown] = useState<Guardian | null>(guardian);
  // The last guardian asked about stays in the text while the dialog animates closed.
  if (guardian && guardian !== shown) {
    setShown(guardian);
    setRefusal(null);
  }
  const name = shown ? fullName(shown) : '';

  return (
    <ConfirmDialog
      open={guardian !== null}
      onOpenChange={(open) => {
        if (!open) setRefusal(null);
        onOpenChange(open);
      }}
      title="Remove guardian"
      description={
        <>
          <p>
            Remove {name} ({shown?.email}) from this family? They can no longer sign in for it, and are signed out at once.
          </p>
          <p>The children, bookings and the other guardians stay as they are.</p>
        </>
      }
      confirmLabel="Remove guardian"
      pendingLabel="Removing..."
      destructive
      pending={remove.isPending}
      error={refusal}
      onConfirm={() => {
        if (!shown) return;
        setRefusal(null);
        remove.mutate(
          { guardianId: shown.id },
          {
            onSuccess: () => {
              toast({ title: 'Guardian removed', description: `${name} can no longer sign in for this family.` });
              onOpenChange(false);
            },
            onError: (error) => setRefusal(apiErrorMessage(error, 'Failed to remove the guardian')),
          },
        );
      }}
    />
  );
}
