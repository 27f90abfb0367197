import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DOOR_DB_NAME } from './door-queue-name';

/**
 * Issue 34, the door without Wi-Fi (docs/product-rules.md "Check-in at the door"): the check-ins and undos a staff
 * device made while it had no network, kept in IndexedDB (idb) in the order they were made, each with the
 * Idempotency-Key it is sent with; and the ones the server refused when they were sent (a booking cancelled
 * meanwhile), kept until the coach dismisses them. Everything here leaves the device at sign-out (clearOfflineCaches).
 */

export type DoorOp = 'check-in' | 'undo';

export interface QueuedTap {
  /** The Idempotency-Key: a repeat after a lost answer changes nothing. */
  key: string;
  /** Who tapped: only they send it (another person signed in on the device drops it). */
  userId: string;
  op: DoorOp;
  bookingId: string;
  childId: string;
  sessionId: string;
  childName: string;
  reference: string;
  /** When the tap was made (the server keeps it if recent). */
  tappedAt: string;
}

export interface DoorConflict extends QueuedTap {
  /** What the server said when the tap was sent. */
  message: string;
}

interface DoorDb extends DBSchema {
  queue: { key: number; value: QueuedTap & { order?: number } };
  conflicts: { key: string; value: DoorConflict };
}

let opened: Promise<IDBPDatabase<DoorDb>> | null = null;
const database = () =>
  (opened ??= openDB<DoorDb>(DOOR_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('queue', { autoIncrement: true });
      db.createObjectStore('conflicts', { keyPath: 'key' });
    },
    // Sign-out deletes the database (service-worker.ts): this page lets go of it at once.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  }));

const listeners = new Set<() => void>();
/** Told whenever the queue or the conflicts change (in this page). */
export function onDoorQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

export async function queueTap(tap: QueuedTap): Promise<void> {
  await (await database()).add('queue', tap);
  changed();
}

export async function queuedTaps(): Promise<QueuedTap[]> {
  return (await database()).getAll('queue');
}

export async function doorConflicts(): Promise<DoorConflict[]> {
  return (await (await database()).getAll('conflicts')).sort((a, b) => a.tappedAt.localeCompare(b.tappedAt));
}

export async function dismissConflict(key: string): Promise<void> {
  await (await database()).delete('conflicts', key);
  changed();
}

/** How a queued tap fared when sent: done (or replayed), refused (a conflict to show), or not sent (still offline). */
export type SendOutcome = { sent: true } | { refused: string } | { offline: true };

/**
 * Sends the queued taps in the order they were made, one at a time; a refusal becomes a conflict, and the first tap
 * that cannot reach the server stops the round (the rest wait for the next). Only one round runs at a time; a round
 * whose `signal` is aborted (the Check-in screen closed, the person signs out) sends nothing more, and a caller that
 * arrives meanwhile gets a round of its own after it.
 */
type RoundResult = { sent: number; refused: number; left: number };
let sending: { promise: Promise<RoundResult>; signal?: AbortSignal } | null = null;
export function sendQueuedTaps(userId: string, send: (tap: QueuedTap) => Promise<SendOutcome>, signal?: AbortSignal): Promise<RoundResult> {
  if (sending && !sending.signal?.aborted) return sending.promise;
  const before = sending?.promise.catch(() => undefined) ?? Promise.resolve();
  const promise = before
    .then(() => sendRound(userId, send, signal))
    .finally(() => {
      if (sending?.promise === promise) sending = null;
    });
  sending = { promise, signal };
  return promise;
}

async function sendRound(userId: string, send: (tap: QueuedTap) => Promise<SendOutcome>, signal?: AbortSignal): Promise<RoundResult> {
  let sent = 0;
  let refused = 0;
  const db = await database();
  while (!signal?.aborted) {
    const cursor = await db.transaction('queue').store.openCursor();
    if (!cursor || signal?.aborted) break;
    const tap = cursor.value;
    const id = cursor.key;
    // Another person's taps (they did not sign out, their sign-in ran out) are not sent in this person's name.
    const outcome: SendOutcome = tap.userId === userId ? await send(tap) : { refused: 'Made by someone else signed in on this device before: not sent.' };
    if ('offline' in outcome) break;
    const tx = db.transaction(['queue', 'conflicts'], 'readwrite');
    await tx.objectStore('queue').delete(id);
    if ('refused' in outcome) {
      await tx.objectStore('conflicts').put({ ...tap, message: outcome.refused });
      refused += 1;
    } else sent += 1;
    await tx.done;
    changed();
  }
  return { sent, refused, left: (await db.getAllKeys('queue')).length };
}
