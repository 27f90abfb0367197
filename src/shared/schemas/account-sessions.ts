import { z } from 'zod';
import { isoInstant } from './dates';

/** One signed-in device of the current user (GET /api/me/sessions); `id` is opaque, never the token or its hash. */
export const accountSessionDto = z.object({
  id: z.string(),
  /** 'Chrome on Android', 'Safari on iPhone', … from the browser's User-Agent at sign-in. */
  device: z.string(),
  createdAt: isoInstant,
  lastSeenAt: isoInstant,
  /** The session of the request itself ('This device'). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionDto>;

export const accountSessionsResponse = z.object({ sessions: z.array(accountSessionDto) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;

/** POST /api/me/sessions/sign-out-others */
export const signOutOthersResponse = z.object({ signedOut: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponse>;
