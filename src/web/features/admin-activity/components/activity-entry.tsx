import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { activityChangeText } from '../../../../shared/rules/activity';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { roleLabelOf } from '../../../../shared/rules/roles';
import type { ActivityEntryDto } from '../../../../shared/schemas/activity';
import { Badge } from '../../../components/ui/badge';


/** When, Toronto time: 'Wed, Nov 25 · 4:00 PM'. */
export const activityWhen = (at: string) => `${formatShortDate(at)} · ${formatTime(at)}`;

/**
 * One entry of the log: when, who (and their role), what, about which family and session, from where; the row
 * changes behind a disclosure (a native details element: keyboard and screen readers know it).
 */
export function ActivityEntry({ entry }: { entry: ActivityEntryDto }) {
  const more = entry.changeCount - entry.changes.length;
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-semibold text-slate-900">{entry.kindLabel}</p>
        <p className="text-sm tabular-nums text-slate-600">
          <time dateTime={entry.at}>{activityWhen(entry.at)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span className="font-medium text-slate-900">{entry.actor.name}</span>
          <Badge variant={entry.actor.role === 'COACH' ? 'secondary' : 'brand'}>{roleLabelOf(entry.actor.role)}</Badge>
        </span>
        {entry.family && (
          <span className="min-w-0">
            Family{' '}
            <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to={`/admin/users/${entry.family.id}`}>
              {entry.family.name}
            </Link>
            {entry.familyCount > 1 && <span className="text-slate-500">{` and ${entry.familyCount - 1} more`}</span>}
          </span>
        )}
        {entry.session && (
          <span className="min-w-0">
            Session{' '}
            <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to={`/admin/sessions/${entry.session.id}`}>
              {`${entry.session.className}, ${formatShortDate(entry.session.startsAt)} ${formatTime(entry.session.startsAt)}`}
            </Link>
          </span>
        )}
        {entry.address && <span className="text-slate-500">{`From ${entry.address}`}</span>}
      </div>
      <details className="group text-sm">
        <summary className="inline-flex cursor-pointer select-none items-center gap-1 rounded font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40">
          <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
          {entry.changeCount === 1 ? 'What changed' : `What changed (${entry.changeCount} rows)`}
        </summary>
        <ul className="mt-2 grid gap-1 border-l-2 border-slate-200 pl-3 text-slate-700">
          {entry.changes.map((change, index) => (
            <li key={`${change.table}-${change.id}-${index}`} className="break-words">
              {activityChangeText(change)}
            </li>
          ))}
          {more > 0 && <li className="text-slate-500">{`and ${more} more ${more === 1 ? 'row' : 'rows'} (not listed)`}</li>}
        </ul>
      </details>
    </li>
  );
}
