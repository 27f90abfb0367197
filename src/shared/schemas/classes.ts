import { z } from 'zod';
import { capacity, location } from './session-fields';
import { hasNoControlCharactersExceptLines, notAllowedCharacters, requiredName } from './text';

/** Spec 3, ClassType. */
export const classTypeDto = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  girlsOnly: z.boolean(),
  /** A new session's capacity and location unless the office gives others (issue 33). */
  defaultCapacity: z.number().int(),
  defaultLocation: z.string(),
});
export type ClassTypeDto = z.infer<typeof classTypeDto>;

export const classTypeListResponse = z.array(classTypeDto);

/**
 * Spec 5, class type: name required ('Name is required'), description optional. Issue 33: the defaults of its new
 * sessions, each kept when left out (the spec's body `{name, description}` still works), checked as a session's.
 */
export const updateClassTypeBody = z.object({
  name: requiredName('Name'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description cannot exceed 1000 characters')
    .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Description'))
    .nullish()
    .transform((value) => (value ? value : null)),
  defaultCapacity: capacity.optional(),
  defaultLocation: location.optional(),
});
export type UpdateClassTypeBody = z.input<typeof updateClassTypeBody>;
