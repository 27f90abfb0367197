import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { creditLastDay } from '../../../../shared/rules/makeup-credits';
import type { FamilyDetailResponse } from '../../../../shared/schemas/admin-users';
import { creditNote, type OfficeMakeupCreditDto } from '../../../../shared/schemas/makeup-credits';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { businessSettingQuery } from '../../../lib/admin-queries';
import { apiErrorMessage } from '../../../lib/api';
import { useGrantMakeupCredit, useRemoveMakeupCredit } from '../api/makeup-credits';
import { RequiredNoteField } from './required-note-field';
import { creditReason } from './makeup-credit-words';

/** The note as it will be sent, or why it cannot be (creditNote: required, not too long, no control characters). */
function checkedNote(note: string): { note: string } | { problem: string } {
  const parsed = creditNote.safeParse(note);
  return parsed.success ? { note: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'Add a note saying why' };
}

/** The note, its problem and the server's refusal of a credit dialog, cleared when it closes. */
function useNoteState(onOpenChange: (open: boolean) => void) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    note,
    problem,
    refusal,
    setRefusal,
    setProblem,
    change: (next: string) => {
      setNote(next);
      if (next.trim()) setProblem(null);
    },
    close: (next: boolean) => {
      if (!next) {
        setNote('');
        setProblem(null);
        setRefusal(null);
      }
      onOpenChange(next);
    },
  };
}

/**
 * 'Grant credit' (issue 32): one make-up credit for a child of the family, lasting the days Settings → Policies says;
 * the office's note saying why is required.
 */
export function GrantCreditDialog({ family, open, onOpenChange }: { family: FamilyDetailResponse; open: boolean; onOpenChange: (open: boolean) => void }) {
  const grant = useGrantMakeupCredit();
  const policies = useQuery({ ...businessSettingQuery('policies'), enabled: open });
  const state = useNoteState(onOpenChange);
  const [childId, setChildId] = useState(family.children[0]?.id ?? '');
  const ids = useId();
  const days = policies.data?.makeupCreditValidityDays;

  function confirm() {
    if (grant.isPending) return;
    const checked = checkedNote(state.note);
    if ('problem' in checked) {
      state.setProblem(checked.problem);
      return;
    }
    state.setRefusal(null);
    grant.mutate(
      { userId: family.user.id, childId, note: checked.note },
      {
        onSuccess: (credit) => {
          toast({ title: 'Credit granted', description: `${credit.childName} has a make-up credit to use by ${creditLastDay(credit.expiresAt)}.` });
          state.close(false);
        },
        onError: (error) => state.setRefusal(apiErrorMessage(error, 'The credit could not be granted')),
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={state.close}
      title="Grant a make-up credit"
      description={<p>{`The child can book one session beyond the weekly limit${days ? ` within ${days} days` : ''}. The family sees it on their dashboard.`}</p>}
      confirmLabel="Grant"
      pendingLabel="Granting..."
      pending={grant.isPending}
      onConfirm={confirm}
      error={state.refusal}
    >
      <div className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-child`}>Child</Label>
          <NativeSelect id={`${ids}-child`} value={childId} onChange={(event) => setChildId(event.target.value)} disabled={grant.isPending}>
            {family.children.map((child) => (
              <option key={child.id} value={child.id}>
                {child.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <RequiredNoteField
          note={state.note}
          onNoteChange={state.change}
          problem={state.problem}
          disabled={grant.isPending}
          placeholder="e.g. Coach cancelled the class on the phone"
        />
      </div>
    </ConfirmDialog>
  );
}

/** 'Remove' of one credit (issue 32), with the office's note; the server refuses a credit a booking already uses. */
export function RemoveCreditDialog({
  userId,
  credit,
  onOpenChange,
}: {
  userId: string;
  /** The credit to remove; null: the dialog is closed. */
  credit: OfficeMakeupCreditDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveMakeupCredit();
  const state = useNoteState(onOpenChange);
  function confirm() {
    if (remove.isPending || !credit) return;
    const checked = checkedNote(state.note);
    if ('problem' in checked) {
      state.setProblem(checked.problem);
      return;
    }
    state.setRefusal(null);
    remove.mutate(
      { userId, creditId: credit.id, note: checked.note },
      {
        onSuccess: () => {
          toast({ title: 'Credit removed', description: `${credit.childName}'s make-up credit is removed.` });
          state.close(false);
        },
        onError: (error) => state.setRefusal(apiErrorMessage(error, 'The credit could not be removed')),
      },
    );
  }

  return (
    <ConfirmDialog
      open={credit !== null}
      onOpenChange={state.close}
      title="Remove make-up credit"
      description={
        credit && (
          <p>
            Remove <strong className="font-semibold text-slate-900">{credit.childName}</strong>&apos;s credit ({creditReason(credit)}, use by{' '}
            {creditLastDay(credit.expiresAt)})? The family can no longer book with it.
          </p>
        )
      }
      confirmLabel="Remove credit"
      pendingLabel="Removing..."
      cancelLabel="Keep it"
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      error={state.refusal}
    >
      <RequiredNoteField
        note={state.note}
        onNoteChange={state.change}
        problem={state.problem}
        disabled={remove.isPending}
        placeholder="e.g. Given twice by mistake"
      />
    </ConfirmDialog>
  );
}
