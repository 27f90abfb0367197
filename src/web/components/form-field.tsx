import { useId, type ReactNode } from 'react';
import { cn } from '../lib/utils';
import { FormMessage } from './ui/form-message';
import { Label } from './ui/label';

/** What a FormField hands to its control: the id its label points at and the aria wiring of its message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The validation message (react-hook-form's errors.x?.message); shown under the control and announced with it. */
  error?: string | undefined;
  /** Help text under the label, read with the control. */
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the id and aria attributes it needs. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its help text and validation message, wired for assistive technology once:
 * the label names the control, and the hint and the message describe it (aria-describedby, aria-invalid).
 */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
