import { z } from 'zod';
import { hasNoControlCharacters, MAX_EMAIL_LENGTH, notAllowedCharacters } from './text';

/** Spec 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The body of POST /api/me/change-password (the confirmation stays in the browser). */
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
    .max(200, 'Password is too long')
    .refine(hasNoControlCharacters, notAllowedCharacters('Password')),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The header-menu Change Password dialog (spec 5, own change password). */
export const changePasswordForm = changePasswordBody
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** The settings tab's Change Password form: the same call, with the settings form's own messages (spec 5). */
export const settingsChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, 'New password must be at least 6 characters')
      .max(200, 'Password is too long'),
    confirmPassword: z
      .string()
      .min(1, 'Please confirm your password')
      .min(MIN_PASSWORD_LENGTH, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SettingsChangePasswordForm = z.infer<typeof settingsChangePasswordForm>;
