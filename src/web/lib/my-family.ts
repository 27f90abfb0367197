import { queryOptions } from '@tanstack/react-query';
import type { FamilyResponse } from '../../shared/schemas/family';
import { apiRequest } from './api';

export const MY_FAMILY_PATH = '/api/me/family';

/** The key of GET /api/me/family (its path): a change to a child's profile invalidates it with the session call. */
export const myFamilyKeys = {
  all: [MY_FAMILY_PATH] as const,
};

/**
 * GET /api/me/family (issue 31): the family's guardians, children (with their ids, which GET /api/me's children do
 * not carry) and emergency contacts. Two features read it, one cache entry: the Family page, and the booking dialog
 * (a child's id, when it records a missing detail).
 */
export function myFamilyQuery() {
  return queryOptions<FamilyResponse, Error>({
    queryKey: myFamilyKeys.all,
    queryFn: ({ signal }) => apiRequest<FamilyResponse>('GET', MY_FAMILY_PATH, undefined, { signal }),
  });
}

/** PATCH /api/me/family/children/:childId. */
export const myChildPath = (childId: string) => `${MY_FAMILY_PATH}/children/${encodeURIComponent(childId)}`;
