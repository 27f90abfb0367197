import { LRUCache } from 'lru-cache';

export interface TaggedCacheOptions {
  /** Most entries kept (least recently used go first). */
  max: number;
  /** An entry is dropped after this long even if no change was announced (a safety net, not the mechanism). */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
}

interface Fill<V> {
  promise: Promise<V>;
  /** Known before the load (fixed tags), else null: then any invalidation stops sharing it. */
  tags: readonly string[] | null;
}

/** Tags can be known up front, or only from the loaded value (a session's user). */
export type Tags<V> = readonly string[] | ((value: V) => readonly string[]);

/** Invalidations remembered for loads under way; a load that outlives this many is not stored. */
const INVALIDATION_LOG_SIZE = 4096;

/**
 * A per-instance read cache whose entries carry tags ('calendar', 'user:<id>', …). `invalidate(tag)` drops every
 * entry with that tag at once. A load that was under way when one of its tags was invalidated is not stored
 * (the invalidations are logged and checked against the loaded value's tags), and it is no longer shared with
 * later callers, so a reader arriving after a change never gets data read before it. Concurrent misses of one
 * key share one load (fifty parents opening the calendar cost one query).
 * While `enabled` is false (change notifications unavailable) every call loads and nothing is kept.
 */
export class TaggedCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly fills = new Map<string, Fill<V>>();
  private readonly log: string[] = [];
  private seq = 0;
  private epoch = 0;
  enabled = true;
  hits = 0;
  misses = 0;

  constructor(options: TaggedCacheOptions) {
    this.entries = new LRUCache<string, Entry<V>>({
      max: options.max,
      ttl: options.ttlMs,
      ttlAutopurge: false,
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key`, else `load()`'s (kept under its tags unless a change to them interrupted it). */
  async get(key: string, tags: Tags<V>, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const entry = this.entries.get(key);
    if (entry) {
      this.hits++;
      return entry.value;
    }
    const running = this.fills.get(key);
    if (running) return running.promise;
    this.misses++;
    const startSeq = this.seq;
    const startEpoch = this.epoch;
    const fill: Fill<V> = { promise: load(), tags: typeof tags === 'function' ? null : tags };
    this.fills.set(key, fill);
    try {
      const value = await fill.promise;
      const valueTags = typeof tags === 'function' ? tags(value) : tags;
      if (this.enabled && startEpoch === this.epoch && !this.invalidatedSince(startSeq, valueTags)) {
        this.entries.set(key, { value, tags: valueTags });
        for (const tag of valueTags) {
          let keys = this.byTag.get(tag);
          if (!keys) this.byTag.set(tag, (keys = new Set()));
          keys.add(key);
        }
      }
      return value;
    } finally {
      if (this.fills.get(key) === fill) this.fills.delete(key);
    }
  }

  /** Drops one key (e.g. a session found idle). */
  delete(key: string): void {
    this.entries.delete(key);
    this.fills.delete(key);
  }

  /** Drops every entry tagged `tag`, and stops sharing the loads under way that may depend on it. */
  invalidate(tag: string): void {
    this.log[this.seq % INVALIDATION_LOG_SIZE] = tag;
    this.seq++;
    for (const [key, fill] of this.fills) {
      if (fill.tags === null || fill.tags.includes(tag)) this.fills.delete(key);
    }
    const keys = this.byTag.get(tag);
    if (!keys) return;
    this.byTag.delete(tag);
    for (const key of keys) this.entries.delete(key);
  }

  /** Drops everything, loads under way included (notifications may have been missed). */
  clear(): void {
    this.epoch++;
    this.fills.clear();
    this.entries.clear();
    this.byTag.clear();
  }

  private invalidatedSince(startSeq: number, tags: readonly string[]): boolean {
    if (this.seq === startSeq) return false;
    if (this.seq - startSeq > INVALIDATION_LOG_SIZE) return true;
    for (let i = startSeq; i < this.seq; i++) {
      if (tags.includes(this.log[i % INVALIDATION_LOG_SIZE]!)) return true;
    }
    return false;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (!keys.size) this.byTag.delete(tag);
    }
  }
}
