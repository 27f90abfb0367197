import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLICIES_PATH, type Policies } from '../../shared/schemas/settings';
import { apiRequest } from './api';

/** GET /api/policies (issue 32): the cancellation cut-off and make-up credits as families read them. */
export const policiesQuery = queryOptions<Policies, Error>({
  queryKey: [POLICIES_PATH],
  queryFn: ({ signal }) => apiRequest<Policies>('GET', POLICIES_PATH, undefined, { signal }),
  // The office changes them rarely; a dialog opened a few minutes later may read the cached answer.
  staleTime: 5 * 60_000,
});

export const usePolicies = () => useQuery(policiesQuery);
