import { Info, TriangleAlert } from 'lucide-react';
import { creditsSentence, type ChildChoice } from '../../../../shared/rules/child-choice';
import { spotsLeftLabel } from '../../../../shared/rules/session-card';
import { namesInWords, WAITLIST_PROMISE } from '../../../../shared/rules/waitlist';
import { DEFAULT_WAITLIST_CUTOFF_HOURS } from '../../../../shared/schemas/waitlist';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/utils';
import { alreadyWaitingSentence } from './booking-form-rules';
import type { BookingFormState } from './use-booking-form';

/** The account's children, one box each: greyed with the reason when it cannot be chosen, else with what is left. */
export function ChildChoiceList({
  idPrefix,
  choices,
  picked,
  onToggle,
}: {
  idPrefix: string;
  choices: readonly ChildChoice[];
  picked: readonly string[];
  onToggle: (name: string, checked: boolean) => void;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {choices.map((choice, index) => {
        const id = `${idPrefix}-child-${index}`;
        const checked = picked.includes(choice.name);
        const noteId = `${id}-note`;
        return (
          <label
            key={choice.name}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm font-medium text-slate-900 transition-colors hover:border-brand-300',
              checked && 'border-brand-600 bg-brand-50',
              !choice.bookable && 'cursor-not-allowed bg-slate-50 text-slate-600 hover:border-slate-200',
            )}
          >
            <Checkbox
              id={id}
              checked={checked}
              disabled={!choice.bookable}
              aria-describedby={choice.reason || choice.left ? noteId : undefined}
              onChange={(event) => onToggle(choice.name, event.target.checked)}
            />
            <span className="grid min-w-0">
              <span className="truncate">{choice.name}</span>
              {(choice.reason || choice.left) && (
                <span
                  id={noteId}
                  className={cn(
                    'text-xs font-normal',
                    !choice.bookable ? 'font-medium text-amber-800' : choice.usesCredit ? 'font-medium text-brand-800' : 'text-slate-600',
                  )}
                >
                  {choice.reason ?? choice.left}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * A note under the choice: red for what stops the choice, amber for what holds some of it back, and information
 * (issue 33) for what is simply so, such as a full session whose waitlist is offered right beside it.
 */
const NOTE_TONES = {
  red: { row: 'items-center text-red-700', icon: TriangleAlert, iconClass: '' },
  amber: { row: 'items-start text-amber-800', icon: TriangleAlert, iconClass: 'mt-0.5' },
  info: { row: 'items-start text-slate-800', icon: Info, iconClass: 'mt-0.5 text-slate-500' },
} as const;

function Note({ tone, children }: { tone: keyof typeof NOTE_TONES; children: string }) {
  const { row, icon: Icon, iconClass } = NOTE_TONES[tone];
  return (
    <p data-tone={tone} className={cn('flex gap-1.5 font-medium', row)}>
      <Icon className={cn('size-4 shrink-0', iconClass)} aria-hidden="true" />
      {children}
    </p>
  );
}

type ChoiceNotesProps = Pick<
  BookingFormState,
  | 'picked'
  | 'joining'
  | 'waitlistOpen'
  | 'tooFewSpots'
  | 'availableSpots'
  | 'full'
  | 'latest'
  | 'noneBookable'
  | 'gone'
  | 'waitingPicked'
  | 'waitlistClosed'
  | 'creditPicked'
>;

/** What the choice means, announced as it changes: who is selected, how many spots, and why it cannot go ahead. */
export function ChoiceNotes(props: ChoiceNotesProps) {
  const { picked, joining, waitlistOpen, tooFewSpots, availableSpots, full, latest, noneBookable, gone, waitingPicked, waitlistClosed, creditPicked } = props;
  return (
    <div aria-live="polite" className="grid gap-1 text-sm">
      {picked.length > 0 && (
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">Selected:</span> {picked.join(', ')}
        </p>
      )}
      {picked.length > 1 && !joining && <p className="font-medium text-brand-800">{`This will book ${picked.length} spots in the session.`}</p>}
      {picked.length > 0 && joining && waitlistOpen && <p className="font-medium text-brand-800">{`This will put ${namesInWords(picked)} on the waitlist.`}</p>}
      {creditPicked.length > 0 && <p className="font-medium text-brand-800">{creditsSentence(creditPicked)}</p>}
      {tooFewSpots && <Note tone="red">{`Only ${spotsLeftLabel(availableSpots)} in this session.`}</Note>}
      {full && (latest ? <Note tone="info">This session is full.</Note> : <Note tone="red">This session is no longer available.</Note>)}
      {noneBookable && !gone && <Note tone="amber">{noneBookable}</Note>}
      {waitingPicked.length > 0 && <Note tone="amber">{alreadyWaitingSentence(namesInWords(waitingPicked), waitingPicked.length)}</Note>}
      {waitlistClosed && !noneBookable && (
        <Note tone="amber">{`The waitlist has closed: it closes ${DEFAULT_WAITLIST_CUTOFF_HOURS} hours before the session starts.`}</Note>
      )}
    </div>
  );
}

/** Issue 21: how the waitlist works, when the choice joins it. */
export function WaitlistPromise({ tooFewSpots }: { tooFewSpots: boolean }) {
  return (
    <p className="flex items-start gap-1.5 rounded-md bg-brand-50 px-2.5 py-2 text-sm text-slate-700">
      <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      {tooFewSpots ? `Choose fewer children to book now, or join the waitlist for all of them. ${WAITLIST_PROMISE}` : WAITLIST_PROMISE}
    </p>
  );
}
