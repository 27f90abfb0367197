import { ChevronDown, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { DoorGuardian } from '../../shared/schemas/door';
import { cn } from '../lib/utils';
import { PhoneLink } from './phone-link';

/**
 * What the door may know of a booked child's family (issue 31, docs/privacy.md "Who sees it"), shown by the session's
 * roster and the Check-in tab: the 'Needs attention' flag that opens the child's notes, and the guardians' phones.
 */

/**
 * A child's 'Needs attention' flag: an icon and the words (never colour alone), a button that shows and hides the
 * notes below it (a disclosure: reachable by Tab, opened with Enter or Space, big enough to tap at the door). The
 * notes are not printed: a printed roster carries the flag only, as its CSV does.
 */
export function NeedsAttentionFlag({ childName, notes, className }: { childName: string; notes: string | null; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={cn('grid min-w-0 justify-items-start gap-1.5', className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        // The visible words first (WCAG 2.5.3), then whose notes; one name in every browser.
        aria-label={`Needs attention, notes for ${childName}`}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 print:inline print:min-h-0 print:border-0 print:bg-transparent print:p-0 print:text-[1em] print:leading-[inherit]"
      >
        <TriangleAlert className="size-4 shrink-0 print:mr-0.5 print:inline-block print:size-[1em] print:align-[-0.125em]" aria-hidden="true" />
        Needs attention
        <ChevronDown className={cn('size-4 shrink-0 transition-transform print:hidden', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={id}
        role="region"
        aria-label={`Notes for ${childName}`}
        hidden={!open}
        className="w-full max-w-prose rounded-md border border-amber-200 bg-white px-3 py-2 text-sm font-normal whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere] print:hidden"
      >
        {notes ?? <span className="text-slate-600">No notes written.</span>}
      </div>
    </div>
  );
}

/** The family's guardians, first added first, each with a tap-to-call phone (or 'no phone'); one line each on paper. */
export function GuardianPhones({ guardians, className }: { guardians: readonly DoorGuardian[]; className?: string }) {
  if (guardians.length === 0) return <span className={cn('text-slate-500', className)}>No guardian on file</span>;
  return (
    <ul className={cn('grid gap-1', className)}>
      {guardians.map((guardian, i) => (
        <li key={`${i}-${guardian.name}`} className="flex min-w-0 flex-wrap items-baseline gap-x-2 print:flex-nowrap print:gap-x-1.5 print:whitespace-nowrap">
          <span className="text-slate-700">{guardian.name}</span>
          {guardian.phone ? <PhoneLink phone={guardian.phone} label={`Call ${guardian.name},`} /> : <span className="text-slate-500 print:hidden">no phone</span>}
        </li>
      ))}
    </ul>
  );
}
