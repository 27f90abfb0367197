import { Download, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ACTIVITY_KIND_NAMES, ACTIVITY_KINDS } from '../../../../shared/rules/activity';
import { roleLabelOf } from '../../../../shared/rules/roles';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/utils';
import { activityExportUrl, NO_ACTIVITY_FILTER, useActivity, useActivityPeople, type ActivityFilter } from '../api/get-activity';
import { ActivityEntry } from './activity-entry';

const kindOptions = [...ACTIVITY_KIND_NAMES].sort((a, b) => ACTIVITY_KINDS[a].label.localeCompare(ACTIVITY_KINDS[b].label));

/**
 * Admin → Activity (issue 34, docs/product-rules.md "Activity log"): every change made by staff, newest first, filtered
 * by person, kind, family, session and Toronto days, a page at a time, with the same filter as a CSV download.
 * A family's or a session's page links here with `familyId` / `sessionId` set (shown as a removable filter).
 */
export function ActivityTab({ initial = {} }: { initial?: Partial<Pick<ActivityFilter, 'familyId' | 'sessionId'>> }) {
  const ids = useId();
  const [filter, setFilter] = useState<ActivityFilter>({ ...NO_ACTIVITY_FILTER, ...initial });
  const datesInOrder = !filter.from || !filter.to || filter.from <= filter.to;
  // A range the server would refuse is not asked for: the last good answer stays, and the To field says why.
  const [asked, setAsked] = useState(filter);
  if (datesInOrder && asked !== filter) setAsked(filter);
  const activity = useActivity(asked);
  const people = useActivityPeople();
  const change = (part: Partial<ActivityFilter>) => setFilter((current) => ({ ...current, ...part }));

  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filter).some((value) => value !== '');

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 max-w-2xl">
          <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
            Activity
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every change made by staff, newest first: who, what, when and from where. Notes and passwords show as changed, never their text.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void activity.refetch()} disabled={activity.isFetching} aria-busy={activity.isFetching || undefined}>
            <RotateCw aria-hidden="true" className={cn(activity.isFetching && !activity.isFetchingNextPage && 'animate-spin')} />
            Refresh
          </Button>
          <Button asChild variant="outline">
            <a href={activityExportUrl(asked)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-person`}>Person</Label>
          <NativeSelect id={`${ids}-person`} value={filter.personId} onChange={(event) => change({ personId: event.target.value })}>
            <option value="">Everyone</option>
            {(people.data?.people ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {`${person.name} (${roleLabelOf(person.role)})`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-kind`}>What</Label>
          <NativeSelect id={`${ids}-kind`} value={filter.kind} onChange={(event) => change({ kind: event.target.value })}>
            <option value="">Any change</option>
            {kindOptions.map((kind) => (
              <option key={kind} value={kind}>
                {ACTIVITY_KINDS[kind].label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-from`}>From</Label>
          <Input id={`${ids}-from`} type="date" value={filter.from} onChange={(event) => change({ from: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-to`}>To</Label>
          <Input
            id={`${ids}-to`}
            type="date"
            value={filter.to}
            aria-invalid={!datesInOrder || undefined}
            aria-describedby={datesInOrder ? undefined : `${ids}-to-error`}
            onChange={(event) => change({ to: event.target.value })}
          />
          {!datesInOrder && (
            <p id={`${ids}-to-error`} className="text-sm font-medium text-red-700">
              Choose a To date on or after the From date.
            </p>
          )}
        </div>
        {(filter.familyId || filter.sessionId || filtered) && (
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
            {filter.familyId && (
              <Button variant="secondary" size="sm" onClick={() => change({ familyId: '' })} aria-label="Remove the family filter">
                One family only
                <X aria-hidden="true" />
              </Button>
            )}
            {filter.sessionId && (
              <Button variant="secondary" size="sm" onClick={() => change({ sessionId: '' })} aria-label="Remove the session filter">
                One session only
                <X aria-hidden="true" />
              </Button>
            )}
            {filtered && (
              <Button variant="ghost" size="sm" onClick={() => setFilter(NO_ACTIVITY_FILTER)}>
                Clear filters
              </Button>
            )}
          </div>
        )}
      </div>

      {activity.isError && !activity.data ? (
        <QueryErrorAlert title="Failed to fetch the activity log" error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {activity.isPending
              ? 'Loading...'
              : entries.length === 0
                ? filtered
                  ? 'No activity matches these filters.'
                  : 'No staff changes yet.'
                : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} shown${activity.hasNextPage ? ', more below' : ''}`}
          </p>
          {entries.length > 0 && (
            <ol aria-label="Activity entries" className={cn('grid gap-2 transition-opacity', activity.isPlaceholderData && 'opacity-60')}>
              {entries.map((entry) => (
                <ActivityEntry key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {activity.isFetchNextPageError && (
            <QueryErrorAlert title="Failed to fetch more activity" error={activity.error} onRetry={() => void activity.fetchNextPage()} />
          )}
          {activity.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void activity.fetchNextPage()}
              disabled={activity.isFetchingNextPage}
              aria-busy={activity.isFetchingNextPage || undefined}
            >
              {activity.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
