import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FactorsResponse } from '../../shared/schemas/second-factor';
import type { CurrentUser } from '../../shared/schemas/users';
import { isStaffRole } from '../../shared/rules/roles';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from './api';

/*
 * Issue 34, second factors in the browser: the account's factors (GET /api/me/factors, read by the account page and
 * the set-up gate) and the WebAuthn ceremonies (@simplewebauthn/browser, loaded only when a passkey is used).
 */

const FACTORS_PATH = '/api/me/factors';

export const factorsKeys = { all: [FACTORS_PATH] as const };

export function factorsQuery() {
  return queryOptions<FactorsResponse, Error>({
    queryKey: factorsKeys.all,
    queryFn: ({ signal }) => apiRequest<FactorsResponse>('GET', FACTORS_PATH, undefined, { signal }),
  });
}

/** A staff member under STAFF_TWO_STEP=required with no factor yet: the set-up comes before anything else. */
export const mustSetUpFactor = (factors: FactorsResponse | undefined): boolean =>
  factors !== undefined && factors.required && !factors.authenticator && factors.passkeys.length === 0;

/** The signed-in staff member's factors (parents are never asked to set one up, so nothing is read for them). */
export function useStaffFactors(user: CurrentUser | null) {
  return useQuery({ ...factorsQuery(), enabled: isStaffRole(user?.role) });
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The person closed the browser's passkey prompt (or it timed out): nothing to report as an error. */
export const isPasskeyCancel = (error: unknown): boolean => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Signs in with a passkey (alone, or as the second step of a password sign-in): the server's answer. */
export async function signInWithPasskey(): Promise<unknown> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>('POST', '/api/auth/passkey/options'),
  ]);
  const response = await startAuthentication({ optionsJSON: options });
  return apiRequest('POST', '/api/auth/passkey/verify', { response });
}

/** Makes a passkey on this device for the signed-in account and adds it. */
export async function addPasskeyHere(name?: string): Promise<unknown> {
  const [{ startRegistration }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>('POST', `${FACTORS_PATH}/passkeys/options`),
  ]);
  const response = await startRegistration({ optionsJSON: options });
  return apiRequest('POST', `${FACTORS_PATH}/passkeys`, { response, ...(name ? { name } : {}) });
}
