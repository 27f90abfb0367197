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
  /** A family's rows (issue 31): its guardians, children, bookings, waiting entries and the family row itself. */
  family: (familyId: string) => `family:${familyId}`,
  calendar: 'calendar',
  bookings: 'bookings',
  classes: 'classes',
} as const;

/** How long a fence waits for its own notification before giving up on the caches (then they are cleared). */
const FENCE_TIMEOUT_MS = 2_000;
/** Topics per announcing statement (5,000 at once held PGlite's thread for about 0.3 s). */
const ANNOUNCE_BATCH = 250;
/** A failed announcement of committed topics is tried again this often, this many times. */
const ANNOUNCE_RETRY_MS = 500;
const ANNOUNCE_RETRIES = 5;

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
 * cached. A unit of work's commit drops its topics here at once (`committed`), so the same browser's next read
 * already sees its own change; after a write request that ran no unit of work, `fence()` waits until this
 * instance has received the notifications of everything committed so far.
 */
export class ReadCaches {
  readonly sessions = new TaggedCache<ActiveSessionRow>({ max: 50_000, ttlMs: 60_000 });
  readonly views = new TaggedCache<CachedAnswer>({ max: 20_000, ttlMs: 60_000 });
  private readonly instance = randomUUID();
  private subscription: Subscription | null = null;
  private fenceSeq = 0;
  private readonly fenceWaiters = new Map<number, () => void>();
  private readonly outgoing = new Set<string>();
  private sending: Promise<void> | null = null;
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
    await this.sent();
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
   * After a unit of work's commit (plugins/unit-of-work.ts): drops what the change made stale in this instance at
   * once, so the answer to the write can leave without waiting (the same browser's next read sees the change),
   * and tells the other instances on the channel. Commits that arrive while an announcement is under way go out
   * together in the next one: one NOTIFY statement (and one small transaction) for many commits under a rush,
   * instead of one per booking. A load that was reading while the change committed is not kept (TaggedCache).
   */
  committed(topics: readonly string[]): void {
    if (!topics.length) return;
    for (const topic of topics) {
      this.invalidate(topic);
      this.outgoing.add(topic);
    }
    this.sending ??= this.sendOutgoing();
  }

  /** Resolves once every topic handed to `committed` has been sent (or given up on). */
  async sent(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async sendOutgoing(): Promise<void> {
    let failures = 0;
    try {
      while (this.outgoing.size) {
        const batch = [...this.outgoing].slice(0, ANNOUNCE_BATCH);
        for (const topic of batch) this.outgoing.delete(topic);
        try {
          await announce(this.database.db, batch);
          // A bulk change (a CSV import of thousands of families) leaves thousands of topics: on PGlite a statement
          // holds the request thread, so other requests get a turn between two batches.
          if (this.outgoing.size) await new Promise<void>((resolve) => setImmediate(resolve));
          failures = 0;
        } catch {
          // The database is unreachable: the other instances' listeners are down too, and they clear their caches
          // when it returns; retried a few times, then left to their TTL.
          if (++failures > ANNOUNCE_RETRIES) continue;
          for (const topic of batch) this.outgoing.add(topic);
          await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_RETRY_MS));
        }
      }
    } finally {
      this.sending = null;
    }
  }

  stats(): ReadCacheStats {
    const of = (cache: { size: number; hits: number; misses: number }) => ({ size: cache.size, hits: cache.hits, misses: cache.misses });
    return { enabled: this.sessions.enabled, sessions: of(this.sessions), views: of(this.views) };
  }

  private onMessage(payload: string): void {
    if (payload.startsWith('fence:')) {
      const [, instance, seq] = payload.split(':');
      if (instance === this.instance) {
        // Every fence up to this one is passed too (notifications keep commit order).
        for (const [waiting, resolve] of this.fenceWaiters) if (waiting <= Number(seq)) resolve();
      }
      return;
    }
    this.invalidate(payload);
  }

  private invalidate(topic: string): void {
    this.sessions.invalidate(topic);
    this.views.invalidate(topic);
  }

  private onReset(connected: boolean): void {
    this.connected = connected;
    this.clearAll();
    this.setEnabled(connected && this.wanted);
    if (!connected) for (const resolve of this.fenceWaiters.values()) resolve();
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
