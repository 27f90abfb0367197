import { useId } from 'react';
import { MAX_OFFICE_NOTE } from '../../../../shared/schemas/bookings';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';

/**
 * The office's required note of an action on the family page (issue 32: a credit's grant or removal, lifting the
 * no-show pause): kept with the action, never shown to the family. `problem` is why the note cannot be sent yet (the
 * schema's words), said under the field.
 */
export function RequiredNoteField({
  note,
  onNoteChange,
  problem,
  disabled,
  placeholder,
}: {
  note: string;
  onNoteChange: (note: string) => void;
  problem: string | null;
  disabled: boolean;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-note`}>
        Note for the office <span className="text-red-700">(required)</span>
      </Label>
      <textarea
        id={`${id}-note`}
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
        maxLength={MAX_OFFICE_NOTE}
        rows={2}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-note-help`}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 aria-invalid:border-red-600 md:text-sm"
        placeholder={placeholder}
      />
      <p id={`${id}-note-help`} className={cn('text-xs', problem ? 'text-red-700' : 'text-slate-600')} role={problem ? 'alert' : undefined}>
        {problem ? `${problem}.` : 'Shown on the family page; the family never sees it.'}
      </p>
    </div>
  );
}
