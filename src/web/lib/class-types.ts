import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../shared/schemas/classes';
import { apiRequest } from './api';

const CLASS_TYPES_PATH = '/api/classes';

/** The key of GET /api/classes (its path): a class type change invalidates it. */
export const classTypesKeys = {
  all: [CLASS_TYPES_PATH] as const,
};

/**
 * GET /api/classes: the class types, read by the parent calendar's filter and by the admin tabs (one cached
 * list).
 */
export function classTypesQuery() {
  return queryOptions<ClassTypeDto[], Error>({
    queryKey: classTypesKeys.all,
    queryFn: ({ signal }) => apiRequest<ClassTypeDto[]>('GET', CLASS_TYPES_PATH, undefined, { signal }),
  });
}

export function useClassTypes() {
  return useQuery(classTypesQuery());
}

/** Spec 2: a class filter (calendar, Sessions, Reservations) defaults to 'all', the value of 'All classes'. */
export const ALL_CLASSES = 'all';

/** The class code a filtered list asks the server for: none for 'All classes'. */
export const classFilterOf = (classCode: string): string | undefined => (classCode === ALL_CLASSES ? undefined : classCode);
