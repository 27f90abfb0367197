import { useId, useState } from 'react';
import { Checkbox } from './ui/checkbox';

/**
 * Issue 32, one child at a time: which of a booking's children a cancellation or a move is for. Every child the
 * booking holds starts ticked; `childNames` is what the request names (undefined: all of them, the whole booking, as
 * before issue 32). `names` is a short way to say the ticked children ('Leo', 'Ava and Leo').
 */
export function useBookingChildrenChoice(held: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(held));
  const chosen = held.filter((name) => ticked.has(name));
  const all = chosen.length === held.length;
  return {
    held,
    ticked,
    chosen,
    all,
    none: chosen.length === 0,
    /** What the request sends: undefined for the whole booking. */
    childNames: all ? undefined : chosen,
    names: joinNames(chosen),
    toggle: (name: string, on: boolean) =>
      setTicked((before) => {
        const next = new Set(before);
        if (on) next.add(name);
        else next.delete(name);
        return next;
      }),
  };
}
export type BookingChildrenChoice = ReturnType<typeof useBookingChildrenChoice>;

/** 'Ava', 'Ava and Leo', 'Ava, Leo and Mia'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The booking's children as checkboxes (only when it holds two or more: a one-child booking is the whole booking),
 * with the rule beside them: at least one must stay ticked.
 */
export function BookingChildrenPicker({ choice, legend, disabled }: { choice: BookingChildrenChoice; legend: string; disabled?: boolean }) {
  const id = useId();
  if (choice.held.length < 2) return null;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3" aria-describedby={`${id}-rule`}>
      <legend className="px-1 text-sm font-medium text-slate-900">{legend}</legend>
      <ul className="grid gap-1">
        {choice.held.map((name) => (
          <li key={name}>
            <label htmlFor={`${id}-${name}`} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50">
              <Checkbox
                id={`${id}-${name}`}
                checked={choice.ticked.has(name)}
                onChange={(event) => choice.toggle(name, event.target.checked)}
                disabled={disabled}
              />
              <span className="text-slate-900">{name}</span>
            </label>
          </li>
        ))}
      </ul>
      <p id={`${id}-rule`} role={choice.none ? 'alert' : undefined} className={choice.none ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>
        {choice.none ? 'Tick at least one child.' : 'At least one child must be ticked; the others stay booked.'}
      </p>
    </fieldset>
  );
}
