import { z } from 'zod';
import { hasNoControlCharacters, MAX_EMAIL_LENGTH, notAllowedCharacters } from './text';

/**
 * A person's name and e-mail address as the office's forms and the API take them (an account, a guardian). Apart
 * from admin-users.ts so family.ts can use them without importing it (admin-users.ts reads family.ts's response).
 */

export const firstName = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(100, 'First name cannot exceed 100 characters')
  .refine(hasNoControlCharacters, notAllowedCharacters('First name'));
export const lastName = z
  .string({ error: 'Last name is required' })
  .trim()
  .min(1, 'Last name is required')
  .max(100, 'Last name cannot exceed 100 characters')
  .refine(hasNoControlCharacters, notAllowedCharacters('Last name'));
export const email = z
  .string({ error: 'Valid email is required' })
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, 'Valid email is required')
  .pipe(z.email({ error: 'Valid email is required' }));
