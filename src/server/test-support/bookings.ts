import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from './test-server';

/** A signed-in client, or anything that carries one (a family made by signInNewParent). */
type Booker = ApiClient | { api: ApiClient };

const clientOf = (who: Booker): ApiClient => ('api' in who ? who.api : who);

/** A booking as the parent's app asks for it (POST /api/bookings): the answer, whatever it is. */
export function book(who: Booker, sessionId: string, childNames: string[], headers?: Record<string, string>): Promise<ApiResponse> {
  return clientOf(who).post('/api/bookings', { sessionId, childNames }, headers);
}

/** A booking that must be made (201, the answer's body in the failure message): its id. */
export async function booked(who: Booker, sessionId: string, childNames: string[]): Promise<string> {
  const res = await book(who, sessionId, childNames);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
