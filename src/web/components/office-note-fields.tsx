import { useId } from 'react';
import { MAX_OFFICE_NOTE } from '../../shared/schemas/bookings';
import { Checkbox } from './ui/checkbox';
import { Label } from './ui/label';
import { cn } from '../lib/utils';

interface OfficeNoteFieldsProps {
  note: string;
  onNoteChange: (note: string) => void;
  /** With the override checkbox (booking and rescheduling); without it for a cancellation. */
  override?:
    | {
        checked: boolean;
        onChange: (checked: boolean) => void;
        needed: boolean;
        /** What the hint says when the override is needed (default: the booking dialogs' words). */
        neededHint?: string | undefined;
      }
    | undefined;
  /** The note is required (the override is ticked) and empty: said under the field. */
  noteMissing?: boolean;
  disabled?: boolean;
  /** Where the note shows (default: the family page and Reservations, as with a booking's note). */
  help?: string;
}

/**
 * The office's note (kept with the action and shown on the family page, never to the family) and, where a weekly
 * limit applies, 'Override weekly limit', which needs a note (issue 19). Used by the front desk's dialogs and the
 * waitlist's 'Promote now' (issue 21).
 */
export function OfficeNoteFields({
  note,
  onNoteChange,
  override,
  noteMissing = false,
  disabled = false,
  help = 'Shown on the family page and in Reservations; the family never sees it.',
}: OfficeNoteFieldsProps) {
  const ids = useId();
  return (
    <div className="grid gap-3">
      {override && (
        <div className={cn('flex items-start gap-3 rounded-md border p-3', override.needed ? 'border-amber-300 bg-amber-50' : 'border-slate-200')}>
          <Checkbox id={`${ids}-override`} checked={override.checked} onChange={(e) => override.onChange(e.target.checked)} disabled={disabled} />
          <div className="grid gap-0.5">
            <Label htmlFor={`${ids}-override`}>Override weekly limit</Label>
            <p className="text-xs text-slate-600">
              {override.needed
                ? (override.neededHint ?? 'A chosen child has no sessions left that week. Tick to book anyway, and say why in the note.')
                : 'Only needed when a child has used all their sessions for that week. Capacity is never overridden.'}
            </p>
          </div>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-note`}>
          Note for the office {override?.checked ? <span className="text-red-700">(required)</span> : <span className="font-normal text-slate-500">(optional)</span>}
        </Label>
        <textarea
          id={`${ids}-note`}
          value={note}
          onChange={(e) => onNoteChange(e.target.value)}
          maxLength={MAX_OFFICE_NOTE}
          rows={2}
          disabled={disabled}
          aria-invalid={noteMissing || undefined}
          aria-describedby={`${ids}-note-help`}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 aria-invalid:border-red-600 md:text-sm"
          placeholder="e.g. Booked by phone"
        />
        <p id={`${ids}-note-help`} className={cn('text-xs', noteMissing ? 'text-red-700' : 'text-slate-600')} role={noteMissing ? 'alert' : undefined}>
          {noteMissing ? 'Add a note saying why the weekly limit is overridden.' : help}
        </p>
      </div>
    </div>
  );
}
