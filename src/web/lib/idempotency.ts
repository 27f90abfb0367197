import { useMemo, useRef } from 'react';
import { ApiError } from './api';

/**
 * A random Idempotency-Key (a UUID). crypto.randomUUID needs a secure context; a portal served over plain HTTP
 * on a closed network (INSECURE_HTTP) still has crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server answered (a success or a refusal): the attempt is over. A lost answer or a 5xx is not. */
export function attemptAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

export interface AttemptKeys {
  /** The key for sending `request` (what the attempt sends, e.g. its URL and body as JSON). */
  keyFor(request: string): string;
  /** The attempt got its answer: the next press is a new attempt with a new key. */
  finish(): void;
}

/**
 * The Idempotency-Key of one attempt at a write a person may repeat (book, cancel, reschedule; the server
 * answers a repeat with the first answer, src/server/plugins/repeatable-write.ts). Made when the person first
 * presses the button; kept when the same request is sent again after it went unanswered (the network dropped,
 * the server failed: it may have been done, and the repeat then gets its answer), so a retry never does it
 * twice; a new one for the next attempt once an answer came, or when the request changed.
 */
export function useAttemptKeys(): AttemptKeys {
  const attempt = useRef<{ key: string; request: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request: string) {
        if (attempt.current?.request !== request) attempt.current = { key: newIdempotencyKey(), request };
        return attempt.current.key;
      },
      finish() {
        attempt.current = null;
      },
    }),
    [],
  );
}
