import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reservationsKeys, rosterKeys } from '../../../lib/admin-queries';
import { ApiError, apiErrorMessage, apiRequest } from '../../../lib/api';
import { doorConflicts, onDoorQueueChange, queuedTaps, sendQueuedTaps, type DoorConflict, type QueuedTap, type SendOutcome } from '../../../lib/door-queue';
import { useOnline } from '../../../lib/online-status';

/** How often waiting taps are tried again while the browser says it is online (a flaky gym Wi-Fi). */
const RETRY_MS = 15_000;

/**
 * Sends one queued tap with its Idempotency-Key and its time. A refusal (4xx: the booking was cancelled meanwhile, the
 * day is over) is the tap's answer; no answer, a server in trouble or a sign-in that ran out means "try again later".
 */
async function sendTap(tap: QueuedTap, signal: AbortSignal): Promise<SendOutcome> {
  try {
    await apiRequest(
      'POST',
      tap.op === 'check-in' ? '/api/admin/check-in' : '/api/admin/check-in/undo',
      { bookingId: tap.bookingId, childId: tap.childId, tappedAt: tap.tappedAt },
      { idempotencyKey: tap.key, signal },
    );
    return { sent: true };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status)) {
      return { refused: apiErrorMessage(error, 'The server did not accept it.') };
    }
    return { offline: true };
  }
}

export interface DoorQueueState {
  taps: QueuedTap[];
  conflicts: DoorConflict[];
  /** A round of sending is running. */
  sending: boolean;
}

/**
 * The door's queue on this device (lib/door-queue.ts): what waits to be sent and what was refused, kept in step with
 * IndexedDB; while the browser is online the waiting taps are sent (at once, then every RETRY_MS), and the rosters
 * are read again after each round.
 */
export function useDoorQueue(userId: string | undefined): DoorQueueState {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [state, setState] = useState<DoorQueueState>({ taps: [], conflicts: [], sending: false });

  useEffect(() => {
    let current = true;
    const load = () =>
      Promise.all([queuedTaps(), doorConflicts()])
        .then(([taps, conflicts]) => current && setState((before) => ({ ...before, taps, conflicts })))
        .catch(() => undefined);
    void load();
    const stop = onDoorQueueChange(() => void load());
    return () => {
      current = false;
      stop();
    };
  }, []);

  // Whether taps wait, not how many: a round already sends the taps added while it runs, and it is not stopped
  // each time one of them has been sent.
  const waiting = state.taps.length > 0;
  useEffect(() => {
    if (!online || !waiting || !userId) return;
    let current = true;
    // Closing the screen (or signing out) stops the round: nothing is sent for a screen no one looks at.
    const stop = new AbortController();
    const round = async () => {
      if (current) setState((before) => ({ ...before, sending: true }));
      const result = await sendQueuedTaps(userId, (tap) => sendTap(tap, stop.signal), stop.signal).catch(() => ({ sent: 0, refused: 0, left: 0 }));
      if (current) setState((before) => ({ ...before, sending: false }));
      if (result.sent || result.refused) {
        await Promise.all([rosterKeys.all, reservationsKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
    };
    void round();
    const timer = window.setInterval(() => void round(), RETRY_MS);
    return () => {
      current = false;
      stop.abort();
      window.clearInterval(timer);
    };
  }, [online, waiting, userId, queryClient]);

  return state;
}

/** A failed write that never reached the server (no network, a dropped connection), as opposed to a refusal. */
export const didNotReachServer = (error: unknown): boolean => !(error instanceof ApiError) || error.status === 0;
