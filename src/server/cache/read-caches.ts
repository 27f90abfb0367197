import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
import { announce, CHANGES_CHANNEL } from './announcements';
import type { Subscription } from '../db/pg-listener';
import type { ActiveSessionRow } from '../services/auth/session-user';
import type { CachedAnswer } from './cached-json';
import { TaggedCache } from './tagged-cache';


/** Topics (tags) announced by the triggers. */
export const topics = {
  session: (authSessionId: string) => `session:${authSessionId}`,
  user: (userId: string) => `user:${userId}`,
  calendar: 'calendar',
  bookings: 'bookings',
  classes: 'classes',
} as const;

/** How long a fence waits for its own notification before giving up on the caches (then they are cleared). */
const FENCE_TIMEOUT_MS = 2_000;

export interface ReadCacheStats {
  enabled: boolean;
  sessions: { size: number; hits: number; misses: number };
  views: { size: number; hits: number; misses: number };
}

/**
 * The instance's read caches (docs/decisions/012-read-caches.md):
 * - `sessions`: the signed-in user behind a session token, for reads (GET/HEAD) only; a write always reads
 *   the session from the database.
 * - `views`: finished JSON answers of the calendar window, the class list, /api/me and /api/me/bookings.
 * Entries are dropped when the database announces a change on `portal_changes` (triggers of migration 0005),
 * on every instance; a short TTL is only a safety net. While the listening connection is down nothing is
 * cached. After a write request, `fence()` waits until this instance has received the notifications of
 * everything committed so far, so the same browser's next read already sees its own change.
 */
export class ReadCaches {
  readonly sessions = new TaggedCache<ActiveSessionRow>({ max: 50_000, ttlMs: 60_000 });
  readonly views = new TaggedCache<CachedAnswer>({ max: 20_000, ttlMs: 60_000 });
  private readonly instance = randomUUID();
  private subscription: Subscription | null = null;
  private fenceSeq = 0;
  private readonly fenceWaiters = new Map<number, () => void>();
  private commitSeq = 0;
  private readonly commitWaiters = new Map<number, () => void>();
  private connected = false;

  private readonly wanted: boolean;
  private readonly strict: boolean;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>,
    /** READ_CACHE (env.ts): 'off' sends every read to the database; 'strict' fences before every cached read. */
    mode: 'on' | 'strict' | 'off' = 'on',
  ) {
    this.wanted = mode !== 'off';
    this.strict = mode === 'strict';
    this.setEnabled(false);
  }

  /** Called before a cached read: in strict mode, waits until every change committed so far has arrived. */
  async beforeRead(): Promise<void> {
    if (this.strict) await this.fence();
  }

  /** Starts listening; until the subscription is confirmed nothing is cached. */
  async start(): Promise<void> {
    if (!this.wanted || this.subscription) return;
    this.subscription = await this.database.listen(CHANGES_CHANNEL, {
      message: (payload) => this.onMessage(payload),
      reset: (connected) => this.onReset(connected),
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    this.onReset(false);
    await subscription?.close();
  }

  /**
   * Announces `topics` left by transactions announced after their commit (announcements.ts), then returns
   * once every change committed before the call has reached this instance's caches. On PGlite that is true as
   * soon as the announcement is sent (notifications are delivered in process before the query resolves); on
   * PostgreSQL a marker notification follows the topics in the same statement and is awaited (notifications
   * arrive in order).
   */
  async fence(topics: readonly string[] = []): Promise<void> {
    if (!this.connected || this.database.kind === 'pglite') {
      await announce(this.database.db, topics).catch(() => this.clearAll());
      return;
    }
    const seq = ++this.fenceSeq;
    const arrived = new Promise<void>((resolve) => this.fenceWaiters.set(seq, resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), FENCE_TIMEOUT_MS);
    });
    try {
      await announce(this.database.db, [...topics, `fence:${this.instance}:${seq}`]);
      if ((await Promise.race([arrived, timeout])) === 'timeout') this.clearAll();
    } catch {
      this.clearAll();
    } finally {
      clearTimeout(timer);
      this.fenceWaiters.delete(seq);
    }
  }

  /**
   * PostgreSQL with the listener connected: a marker for a unit of work to send with its topics in its own
   * commit message (db/unit-of-work.ts), and the promise of its arrival here. The answer's fence then waits only
   * for it (`awaitCommitted`): the topics of that transaction precede its marker on the channel, so once the
   * marker is here this instance has dropped what the write made stale, without a round trip of its own.
   * Null when it cannot be used (PGlite, listener down): the fence announces the topics itself.
   */
  reserveCommitMarker(): { marker: string; arrived: Promise<void> } | null {
    if (!this.connected || this.database.kind === 'pglite') return null;
    const seq = ++this.commitSeq;
    const arrived = new Promise<void>((resolve) => this.commitWaiters.set(seq, resolve));
    return { marker: `committed:${this.instance}:${seq}`, arrived };
  }

  /** Forgets a reserved marker that will never be sent (its transaction rolled back). */
  releaseCommitMarker(reserved: { marker: string }): void {
    this.commitWaiters.delete(Number(reserved.marker.split(':')[2]));
  }

  /** Waits for a reserved marker (at most the fence timeout; then the caches are cleared to stay correct). */
  async awaitCommitted(reserved: { marker: string; arrived: Promise<void> }): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), FENCE_TIMEOUT_MS);
    });
    try {
      if ((await Promise.race([reserved.arrived, timeout])) === 'timeout') this.clearAll();
    } finally {
      clearTimeout(timer);
      this.commitWaiters.delete(Number(reserved.marker.split(':')[2]));
    }
  }

  stats(): ReadCacheStats {
    const of = (cache: { size: number; hits: number; misses: number }) => ({ size: cache.size, hits: cache.hits, misses: cache.misses });
    return { enabled: this.sessions.enabled, sessions: of(this.sessions), views: of(this.views) };
  }

  private onMessage(payload: string): void {
    if (payload.startsWith('committed:')) {
      // Only this marker: markers sent by different transactions' commit messages arrive in commit order, not
      // in the order they were reserved.
      const [, instance, seq] = payload.split(':');
      if (instance === this.instance) this.commitWaiters.get(Number(seq))?.();
      return;
    }
    if (payload.startsWith('fence:')) {
      const [, instance, seq] = payload.split(':');
      if (instance === this.instance) {
        // Every fence up to this one is passed too (notifications keep commit order).
        for (const [waiting, resolve] of this.fenceWaiters) if (waiting <= Number(seq)) resolve();
      }
      return;
    }
    this.sessions.invalidate(payload);
    this.views.invalidate(payload);
  }

  private onReset(connected: boolean): void {
    this.connected = connected;
    this.clearAll();
    this.setEnabled(connected && this.wanted);
    if (!connected) for (const resolve of [...this.fenceWaiters.values(), ...this.commitWaiters.values()]) resolve();
  }

  private clearAll(): void {
    this.sessions.clear();
    this.views.clear();
  }

  private setEnabled(enabled: boolean): void {
    this.sessions.enabled = enabled;
    this.views.enabled = enabled;
  }
}
