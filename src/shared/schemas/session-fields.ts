import { z } from 'zod';
import { hasNoControlCharacters, notAllowedCharacters } from './text';

/**
 * A session's capacity and location, checked alike wherever they are given: the session form, bulk scheduling and
 * a class type's defaults for both (issue 33).
 */

/** Spec 9: session capacity 1 to 100, default 50; default location 'Main Gym'. */
export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 100;
export const DEFAULT_CAPACITY = 50;
export const DEFAULT_LOCATION = 'Main Gym';

// Numbers in a JSON body are JSON numbers: `true`, "0x10" or [5] are refused, not read as 1, 16 or 5 (the
// forms convert their inputs before sending; only query strings are read from text).
export const capacity = z
  .number({ error: 'Capacity must be a whole number' })
  .int('Capacity must be a whole number')
  .min(MIN_CAPACITY, 'Capacity must be at least 1')
  .max(MAX_CAPACITY, 'Capacity cannot exceed 100');

export const location = z
  .string({ error: 'Location is required' })
  .trim()
  .min(1, 'Location is required')
  .max(100, 'Location cannot exceed 100 characters')
  .refine(hasNoControlCharacters, notAllowedCharacters('Location'));
