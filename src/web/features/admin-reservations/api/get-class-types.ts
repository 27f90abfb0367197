import { useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';

/** GET /api/classes: the class filter and one count card per class type (the same key as every class list). */
export const CLASS_TYPES_QUERY_KEY = ['/api/classes'] as const;

export function useClassTypes() {
  return useQuery<ClassTypeDto[], Error>({ queryKey: CLASS_TYPES_QUERY_KEY });
}
