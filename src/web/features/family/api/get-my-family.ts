import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyResponse } from '../../../../shared/schemas/family';
import { apiRequest } from '../../../lib/api';
import { MY_FAMILY_PATH, myFamilyKeys } from './family-scope';

/** GET /api/me/family: the signed-in guardian's family (guardians, the children's profiles, emergency contacts). */
export function myFamilyQuery() {
  return queryOptions<FamilyResponse, Error>({
    queryKey: myFamilyKeys.all,
    queryFn: ({ signal }) => apiRequest<FamilyResponse>('GET', MY_FAMILY_PATH, undefined, { signal }),
  });
}

export function useMyFamily() {
  return useQuery(myFamilyQuery());
}
