import { useMutation } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage, apiRequest } from '../../../lib/api';

/**
 * Issue 34: 'Reset sign-in factors…' (a SUPER_ADMIN, on another person's account): removes their passkeys, authenticator
 * app and recovery codes, for someone who lost them all; recorded in the activity log.
 */
export function ResetFactorsButton({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/reset-second-factors`),
    onSuccess: (answer) => {
      setOpen(false);
      toast({ title: 'Sign-in factors reset', description: answer.message });
    },
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ShieldOff aria-hidden="true" />
        Reset sign-in factors…
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset.reset();
        }}
        title="Reset sign-in factors"
        description={`${name}'s passkeys, authenticator app and recovery codes are removed: they sign in with their password alone until they add one again. Do this only once you are sure it is them asking.`}
        confirmLabel="Reset factors"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        destructive
        error={reset.error ? apiErrorMessage(reset.error, 'The factors could not be reset. Try again.') : undefined}
        onConfirm={() => reset.mutate()}
      />
    </>
  );
}
