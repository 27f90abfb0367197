import { useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../shared/schemas/classes';

/**
 * GET /api/classes: the class types, read by the parent calendar's filter and by the admin tabs (one cached
 * list). A class type change invalidates this key.
 */
export const CLASS_TYPES_QUERY_KEY = ['/api/classes'] as const;

export function useClassTypes() {
  return useQuery<ClassTypeDto[], Error>({ queryKey: CLASS_TYPES_QUERY_KEY });
}
