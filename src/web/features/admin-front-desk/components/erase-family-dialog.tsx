import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useEraseFamily } from '../api/erase-family';

interface EraseFamilyDialogProps {
  userId: string;
  /** The family's first guardian's e-mail: what must be typed (GET /api/admin/users/:id, firstGuardianEmail). */
  confirmEmail: string;
  familyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Erase family…' (issue 31, docs/privacy.md; SUPER_ADMIN only): says what goes and what stays, and asks for the
 * first guardian's e-mail typed exactly before the button works. A refusal stays in the dialog's footer, beside the
 * buttons (which the dialog keeps on screen at 390 px).
 */
export function EraseFamilyDialog({ userId, confirmEmail, familyName, open, onOpenChange }: EraseFamilyDialogProps) {
  const erase = useEraseFamily();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputId = useId();
  const matches = typed === confirmEmail;

  function close(next: boolean) {
    if (!next) {
      setTyped('');
      setRefusal(null);
    }
    onOpenChange(next);
  }

  function confirm() {
    if (!matches || erase.isPending) return;
    setRefusal(null);
    erase.mutate(
      { userId, confirm: typed },
      {
        onSuccess: (answer) => {
          toast({ title: 'Family erased', description: `Personal data deleted; ${answer.bookingsKept} booking${answer.bookingsKept === 1 ? '' : 's'} kept as anonymous counts.` });
          close(false);
          void navigate('/admin?tab=users');
        },
        onError: (error) => setRefusal(apiErrorMessage(error, 'The family could not be erased')),
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Erase family"
      description={
        <>
          <p>
            Erase <strong className="font-semibold text-slate-900">{familyName}</strong> and every guardian of the family? Their names, emails,
            phones, children&apos;s profiles and notes, emergency contacts, sign-ins and emails are deleted; upcoming bookings are cancelled
            (the spots are freed, no email is sent). Past bookings stay only as anonymous counts in the reports.
          </p>
          <p className="font-medium text-red-800">This cannot be undone.</p>
        </>
      }
      confirmLabel="Erase family"
      pendingLabel="Erasing..."
      cancelLabel="Keep family"
      pending={erase.isPending}
      confirmDisabled={!matches}
      destructive
      onConfirm={confirm}
      error={refusal}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          Type <span className="font-mono [overflow-wrap:anywhere]">{confirmEmail}</span> to confirm
        </Label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          disabled={erase.isPending}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
        />
      </div>
    </ConfirmDialog>
  );
}
