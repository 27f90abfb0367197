import { useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/sessions';

/** GET /api/classes: the class types offered in the calendar's filter. */
export const CLASSES_QUERY_KEY = ['/api/classes'] as const;

export function useClasses() {
  return useQuery<ClassTypeDto[], Error>({ queryKey: CLASSES_QUERY_KEY });
}
