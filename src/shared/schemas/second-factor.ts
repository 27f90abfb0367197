import { z } from 'zod';

/**
 * Issue 34, second factors (docs/product-rules.md "Second factors"): passkeys (WebAuthn) and an authenticator app
 * (TOTP, six digits, 30-second steps) with ten one-time recovery codes. Staff with a factor sign in in two steps;
 * anyone may sign in with a passkey alone.
 */
export const STAFF_TWO_STEP_MODES = ['required', 'optional'] as const;
export type StaffTwoStepMode = (typeof STAFF_TWO_STEP_MODES)[number];

export const RECOVERY_CODE_COUNT = 10;
/** A pending sign-in (password right, second factor to come) lasts this long, and this many wrong codes end it. */
export const PENDING_SIGN_IN_MINUTES = 5;
export const PENDING_SIGN_IN_ATTEMPTS = 5;
export const MAX_PASSKEYS = 10;
export const MAX_PASSKEY_NAME = 60;

export const SECOND_FACTOR_METHODS = ['code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** POST /api/auth/login when the password is right and a second factor is to come: no session yet. */
export const secondFactorNeeded = z.object({
  next: z.literal('second-factor'),
  /** What this account can finish with: its authenticator app's code (or a recovery code), a passkey. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeeded>;

/** A six-digit code, or a recovery code (sixteen letters and digits, dashes or spaces allowed). */
export const secondFactorCodeBody = z.object({
  code: z
    .string({ error: 'Enter the code' })
    .trim()
    .min(1, 'Enter the code')
    .max(40, 'That is not a code from your app nor a recovery code')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .refine((value) => /^\d{6}$/.test(value) || /^[A-Z2-7]{16}$/.test(value), 'Enter the 6-digit code from your app, or a recovery code'),
});

/** The browser's answer to a WebAuthn ceremony (@simplewebauthn/browser's JSON), checked by the server's library. */
export const webauthnResponseBody = z.object({
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.literal('public-key') }),
});

export const addPasskeyBody = webauthnResponseBody.extend({
  name: z.string().trim().max(MAX_PASSKEY_NAME, `A passkey's name is at most ${MAX_PASSKEY_NAME} characters`).optional(),
});

export const confirmAuthenticatorBody = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code your app shows'),
});

export const passkeyDto = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyDto = z.infer<typeof passkeyDto>;

/** GET /api/me/factors: what the signed-in account signs in with. */
export const factorsResponse = z.object({
  passkeys: z.array(passkeyDto),
  authenticator: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Staff under STAFF_TWO_STEP=required: a factor is needed (and the last one cannot be removed). */
  required: z.boolean(),
});
export type FactorsResponse = z.infer<typeof factorsResponse>;

/** POST /api/me/factors/authenticator: the new secret, to type or scan (otpauth:// URI); on once a first code is confirmed. */
export const authenticatorSetUpResponse = z.object({ secret: z.string(), uri: z.string() });
export type AuthenticatorSetUpResponse = z.infer<typeof authenticatorSetUpResponse>;

/** The ten recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const WRONG_CODE = 'That code is not right. Check that your phone’s clock is right, or use a recovery code.';
export const SIGN_IN_STEP_EXPIRED = 'Your sign-in timed out. Sign in with your email and password again.';
export const PASSKEY_NOT_ACCEPTED = 'That passkey could not sign you in. Try again, or sign in with your email and password.';
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Try again.';
export const LAST_FACTOR_MESSAGE = 'Staff must keep a passkey or an authenticator app: add another before removing this one.';
export const SET_UP_SECOND_FACTOR_FIRST = 'Add a passkey or an authenticator app to your account before anything else.';
export const AUTHENTICATOR_UNAVAILABLE = 'Authenticator apps are not set up on this server (SECOND_FACTOR_KEY): add a passkey instead.';
export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const RESET_SUPER_ADMIN_ONLY = 'Only a Super Admin can reset another person’s sign-in factors';
