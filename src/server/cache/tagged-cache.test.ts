import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const cache = () => new TaggedCache<string>({ max: 100, ttlMs: 60_000 });

describe('TaggedCache', () => {
  it('answers a second read from memory, and loads again once a tag of the entry is invalidated', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await c.get('k', ['calendar'], load)).toBe('v1');
    expect(await c.get('k', ['calendar'], load)).toBe('v1');
    c.invalidate('user:1');
    expect(await c.get('k', ['calendar'], load)).toBe('v1');
    c.invalidate('calendar');
    expect(await c.get('k', ['calendar'], load)).toBe('v2');
    expect({ hits: c.hits, misses: c.misses }).toEqual({ hits: 2, misses: 2 });
  });

  it('shares one load among concurrent misses of a key', async () => {
    const c = cache();
    const pending = deferred<string>();
    let loads = 0;
    const reads = Array.from({ length: 50 }, () =>
      c.get('k', ['calendar'], () => {
        loads++;
        return pending.promise;
      }),
    );
    pending.resolve('answer');
    expect(await Promise.all(reads)).toEqual(Array(50).fill('answer'));
    expect(loads).toBe(1);
  });

  it('does not keep a load that a change to its tag interrupted, and does not share it with later readers', async () => {
    const c = cache();
    const before = deferred<string>();
    const first = c.get('k', ['calendar'], () => before.promise);
    c.invalidate('calendar'); // a booking committed while the first read ran
    const second = c.get('k', ['calendar'], async () => 'after the change');
    before.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await second).toBe('after the change');
    // What stays is the read that started after the change.
    expect(await c.get('k', ['calendar'], async () => 'another load')).toBe('after the change');
  });

  it('checks tags known only from the loaded value against the invalidations during the load', async () => {
    const c = cache();
    const tagsOf = (value: string) => [`user:${value}`];
    const pending = deferred<string>();
    const read = c.get('token', tagsOf, () => pending.promise);
    c.invalidate('user:42');
    pending.resolve('42');
    expect(await read).toBe('42');
    expect(c.size).toBe(0);

    const other = deferred<string>();
    const unrelated = c.get('token', tagsOf, () => other.promise);
    c.invalidate('user:7');
    other.resolve('42');
    expect(await unrelated).toBe('42');
    expect(c.size).toBe(1);
    c.invalidate('user:42');
    expect(c.size).toBe(0);
  });

  it('keeps nothing while disabled or after clear(), and stores no load that clear() interrupted', async () => {
    const c = cache();
    c.enabled = false;
    let loads = 0;
    const load = async () => `v${++loads}`;
    await c.get('k', ['calendar'], load);
    await c.get('k', ['calendar'], load);
    expect(loads).toBe(2);
    c.enabled = true;
    const pending = deferred<string>();
    const read = c.get('k', ['calendar'], () => pending.promise);
    c.clear();
    pending.resolve('old');
    await read;
    expect(c.size).toBe(0);
  });

  it('forgets an entry after its time to live', async () => {
    const c = new TaggedCache<string>({ max: 10, ttlMs: 30 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    await c.get('k', [], load);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await c.get('k', [], load)).toBe('v2');
  });
});
