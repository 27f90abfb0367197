import { useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';

/** GET /api/classes (spec 7): the class types, by the default query function. */
export const CLASS_TYPES_QUERY_KEY = ['/api/classes'] as const;

export function useClassTypes() {
  return useQuery<ClassTypeDto[], Error>({ queryKey: CLASS_TYPES_QUERY_KEY });
}
