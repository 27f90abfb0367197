import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionDto, SessionsListResponse } from '../../shared/schemas/sessions';
import { sessionsKeys, type SessionsListParams } from './sessions';

/** Whether a complete read of this range and filter would list the session if it were still bookable. */
function covers(params: Partial<SessionsListParams> | undefined, data: SessionsListResponse, session: SessionDto): boolean {
  if (!params?.from || !params.to || (params.page ?? 1) !== 1 || data.totalPages > 1) return false;
  if (params.classCode !== undefined && params.classCode !== session.classType.code) return false;
  const start = Date.parse(session.startsAt);
  return Date.parse(params.from) <= start && start <= Date.parse(params.to);
}

/**
 * The freshest copy of a session among the cached session lists (the calendar's reads): the newest read that
 * lists it, or null when a newer complete read of its range no longer does (cancelled by the office).
 * Without any cached read of it, the copy given.
 */
export function latestCachedSession(queryClient: QueryClient, session: SessionDto): SessionDto | null {
  let newest: { at: number; copy: SessionDto | null } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: sessionsKeys.all })) {
    const data = query.state.data as SessionsListResponse | undefined;
    if (!data?.sessions || (newest && query.state.dataUpdatedAt <= newest.at)) continue;
    const copy = data.sessions.find((candidate) => candidate.id === session.id);
    if (copy) newest = { at: query.state.dataUpdatedAt, copy };
    else if (covers(query.queryKey[1] as Partial<SessionsListParams> | undefined, data, session)) newest = { at: query.state.dataUpdatedAt, copy: null };
  }
  return newest ? newest.copy : session;
}

/**
 * A session as the cache knows it now: follows every refetch of the calendar's reads, so a dialog opened on a
 * session shows its spots as they are after a refresh (null: it is no longer listed).
 */
export function useLatestSession(session: SessionDto): SessionDto | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const snapshot = () => latestCachedSession(queryClient, session);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
