import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { sessionCardState } from '../../../../shared/rules/session-card';
import { torontoDateKey } from '../../../../shared/rules/week';
import type { FamilyDetailResponse } from '../../../../shared/schemas/admin-users';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { creditsSentence, ineligibleReasons, usesMakeupCredit, WEEKLY_LIMIT_USES_CREDIT } from '../../../../shared/rules/child-choice';
import { sameChildName } from '../../../../shared/rules/child-name';
import { missingDetailsOf } from '../../../../shared/rules/eligibility';
import { ChildDetailsAsk, useChildDetailsAsk } from '../../../components/child-details-ask';
import { ruledOutBy } from '../../../components/child-details-ask-rules';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { familyChildStatsQuery } from '../../../lib/admin-queries';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { cn } from '../../../lib/utils';
import { useOfficeBook, useOfficeSaveChildDetails } from '../api/office-bookings';
import { OfficeNoteFields } from '../../../components/office-note-fields';
import type { RenderOfficeSessionPicker } from './session-picker';

interface OfficeBookDialogProps {
  family: FamilyDetailResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderSessionPicker: RenderOfficeSessionPicker;
}

/**
 * 'Book for this family' (issue 19): a session of any future week from the same weekly calendar the parents use,
 * then the children, each with what they have left that week, a note and the weekly-limit override.
 */
export function OfficeBookDialog({ family, open, onOpenChange, renderSessionPicker }: OfficeBookDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">{open && <BookSteps family={family} onClose={() => onOpenChange(false)} renderSessionPicker={renderSessionPicker} />}</DialogContent>
    </Dialog>
  );
}

function BookSteps({ family, onClose, renderSessionPicker }: { family: FamilyDetailResponse; onClose: () => void; renderSessionPicker: RenderOfficeSessionPicker }) {
  const [choice, setChoice] = useState<SessionDto | null>(null);
  const [step, setStep] = useState<'choose' | 'children'>('choose');
  const name = `${family.user.firstName} ${family.user.lastName}`;
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Book for {name}</DialogTitle>
        <DialogDescription>
          {step === 'choose' ? 'Choose a session in any upcoming week.' : 'Choose the children to book. The family gets the confirmation email.'}
        </DialogDescription>
      </DialogHeader>
      {step === 'choose' ? (
        <>
          {renderSessionPicker({
            selectedSessionId: choice?.id ?? null,
            onSelectSession: setChoice,
            isSelectable: (session, now) => sessionCardState(session, { booked: false, now }).bookable,
          })}
          <p aria-live="polite" className="text-sm text-slate-700">
            {choice ? (
              <>
                <span className="font-medium text-slate-900">Session:</span> {choice.classType.name}, {formatShortDate(choice.startsAt)} at{' '}
                {formatTime(choice.startsAt)} ({choice.availableSpots} {choice.availableSpots === 1 ? 'spot' : 'spots'} left)
              </>
            ) : (
              'No session selected yet.'
            )}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => setStep('children')} disabled={!choice}>
              Continue
            </Button>
          </DialogFooter>
        </>
      ) : (
        choice && <ChildrenStep family={family} session={choice} onBack={() => setStep('choose')} onDone={onClose} />
      )}
    </div>
  );
}

function ChildrenStep({ family, session, onBack, onDone }: { family: FamilyDetailResponse; session: SessionDto; onBack: () => void; onDone: () => void }) {
  const ids = useId();
  const book = useOfficeBook();
  const saveDetails = useOfficeSaveChildDetails(family.user.id);
  const detailsAsk = useChildDetailsAsk();
  const week = torontoDateKey(session.startsAt);
  const stats = useQuery(familyChildStatsQuery(family.user.id, week));
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [triedWithoutNote, setTriedWithoutNote] = useState(false);
  const attempt = useAttemptKeys();
  const submitting = useRef(false);
  const busy = book.isPending || saveDetails.isPending;
  const remainingOf = (name: string) => stats.data?.children.find((c) => c.name === name);
  // Issue 32: without the override, a child at the limit with a credit for the session is booked on the credit.
  const onCredit = (name: string) => {
    const stat = remainingOf(name);
    return !override && stat !== undefined && usesMakeupCredit(stat, session.startsAt);
  };
  const atLimit = [...picked].some((name) => (remainingOf(name)?.remaining ?? 1) <= 0 && !onCredit(name));
  const noteMissing = override && !note.trim();
  const chosen = family.children.map((c) => c.name).filter((n) => picked.has(n) && !ineligibleReasons(family.children, [n], session).length);
  // Issue 31: the details the class needs of the children chosen that their records lack (or the server asked for).
  const asks = detailsAsk.asksFor(missingDetailsOf(family.children, chosen, session.classType, session.startsAt), chosen);
  const creditChosen = chosen.filter(onCredit);

  function toggle(name: string, checked: boolean) {
    const next = new Set(picked);
    if (checked) next.add(name);
    else next.delete(name);
    setPicked(next);
  }

  function submit() {
    if (!chosen.length || busy || submitting.current) return;
    if (noteMissing) {
      setTriedWithoutNote(true);
      return;
    }
    submitting.current = true;
    const childNames = chosen;
    if (asks.length === 0) {
      bookChildren(childNames);
      return;
    }
    const records = detailsAsk.check(asks);
    if (!records) {
      submitting.current = false;
      return;
    }
    const withIds = records.map((record) => ({ ...record, childId: family.children.find((c) => sameChildName(c.name, record.childName))?.id ?? '' }));
    saveDetails.mutate(withIds, {
      onSuccess: () => {
        detailsAsk.recorded();
        // A detail just recorded may rule a child out: then nothing is booked, and the child is greyed with why.
        const ruledOut = ruledOutBy(records, family.children, session);
        if (ruledOut.length > 0) {
          submitting.current = false;
          toast({ title: 'Details Saved', description: ruledOut.join('. ') });
          return;
        }
        bookChildren(childNames);
      },
      onError: (error) => {
        submitting.current = false;
        toast({ variant: 'destructive', title: 'Details Not Saved', description: apiErrorMessage(error, 'Failed to save the details') });
      },
    });
  }


  function bookChildren(childNames: string[]) {
    const body = { userId: family.user.id, sessionId: session.id, childNames, note: note.trim() || undefined, overrideWeeklyLimit: override || undefined };
    book.mutate(
      { body, idempotencyKey: attempt.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (booked) => {
          attempt.finish();
          toast({ title: 'Booking Confirmed', description: `${childNames.join(' and ')} booked for ${booked.session.classType.name} on ${formatShortDate(booked.session.startsAt)}. Reference ${booked.reference}.` });
          onDone();
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          // A refusal asking for a child's details (the page was out of date) shows the ask, not a failure.
          if (detailsAsk.fromError(error)) return;
          toast({ variant: 'destructive', title: 'Booking Failed', description: apiErrorMessage(error, 'Failed to book the session') });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  return (
    <>
      <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <BookingSummary session={session} childNames={[]} layout="inline" />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Children (sessions left in the week of {formatShortDate(session.startsAt)})</legend>
        {family.children.length === 0 && <p className="text-sm text-slate-600">This account has no children to book.</p>}
        {family.children.map((child) => {
          const stat = remainingOf(child.name);
          const credit = onCredit(child.name);
          const left = !stat ? 'Checking the week…' : credit ? WEEKLY_LIMIT_USES_CREDIT : `${stat.remaining} of ${stat.limit} left that week`;
          // Issue 22: the family's own rule, as the server applies it: a class the child's recorded details rule out.
          const ruledOut = ineligibleReasons([child], [child.name], session)[0];
          const noteId = `${ids}-${child.id}-note`;
          return (
            <label
              key={child.id}
              htmlFor={`${ids}-${child.id}`}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2',
                picked.has(child.name) && 'border-brand-300 bg-brand-50',
                ruledOut && 'cursor-not-allowed bg-slate-50 text-slate-600',
              )}
            >
              <Checkbox
                id={`${ids}-${child.id}`}
                checked={picked.has(child.name) && !ruledOut}
                onChange={(e) => toggle(child.name, e.target.checked)}
                disabled={busy || Boolean(ruledOut)}
                aria-describedby={noteId}
              />
              <span className="font-medium text-slate-900">{child.name}</span>
              <span
                id={noteId}
                className={cn(
                  'ml-auto text-sm',
                  !ruledOut && credit
                    ? 'font-medium text-brand-800'
                    : ruledOut || (stat && stat.remaining <= 0)
                      ? 'font-medium text-amber-800'
                      : 'text-slate-600',
                )}
              >
                {ruledOut ?? left}
              </span>
            </label>
          );
        })}
        {creditChosen.length > 0 && <p className="text-sm font-medium text-brand-800">{creditsSentence(creditChosen)}</p>}
      </fieldset>
      <ChildDetailsAsk asks={asks} state={detailsAsk} recordOf="the family's record" classType={session.classType} disabled={busy} />
      <OfficeNoteFields
        note={note}
        onNoteChange={setNote}
        override={{ checked: override, onChange: setOverride, needed: atLimit }}
        noteMissing={triedWithoutNote && noteMissing}
        disabled={busy}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={submit} disabled={busy || chosen.length === 0}>
          {busy ? 'Booking...' : 'Book Session'}
        </Button>
      </DialogFooter>
    </>
  );
}
