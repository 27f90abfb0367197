import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth';
import { hasNoControlCharacters, notAllowedCharacters } from './text';

/**
 * The set-password link's page and its API. Apart from admin-users.ts (which re-exports them): that page is public,
 * and does not load the office's schemas (nor, through family.ts, the phone number library).
 */

/** The set-password page (/reset-password?token=…): the link's token and the chosen password. */
export const setPasswordBody = z.object({
  token: z
    .string({ error: 'This link is not valid' })
    .trim()
    .min(1, 'This link is not valid')
    .max(200, 'This link is not valid')
    .refine(hasNoControlCharacters, 'This link is not valid'),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
    .max(200, 'Password is too long')
    .refine(hasNoControlCharacters, notAllowedCharacters('Password')),
});

/** The set-password page's form: the same, plus the confirmation that stays in the browser. */
export const setPasswordForm = setPasswordBody
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.newPassword === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type SetPasswordForm = z.infer<typeof setPasswordForm>;

/** GET /api/auth/set-password?token=…: whom a valid, unused link is for (the page greets them). */
export const setPasswordLinkResponse = z.object({ firstName: z.string(), email: z.string() });
