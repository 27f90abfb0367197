import { useQuery } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/sessions';

/**
 * GET /api/classes through the default query function. The parent calendar reads the same key, so both share
 * one cached list (features cannot import each other, hence this small twin of the calendar's hook).
 */
export const CLASS_TYPES_QUERY_KEY = ['/api/classes'] as const;

export function useClassTypes() {
  return useQuery<ClassTypeDto[], Error>({ queryKey: CLASS_TYPES_QUERY_KEY });
}
