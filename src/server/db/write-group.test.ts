import { describe, expect, it } from 'vitest';
import { WriteGroup } from './write-group';

/** A run that records each group it was given and answers each item doubled, after a tick. */
function recordingRun(fail?: (items: number[]) => boolean) {
  const groups: number[][] = [];
  const run = async (items: number[]) => {
    groups.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail?.(items)) throw new Error(`group ${items.join(',')} failed`);
    return items.map((item) => item * 2);
  };
  return { groups, run };
}

describe('WriteGroup (group commit, docs/decisions/016-grouped-repeatable-writes.md)', () => {
  it('runs an item at once when idle, and groups what arrives while a group runs', async () => {
    const { groups, run } = recordingRun();
    const writes = new WriteGroup(run);
    const first = writes.submit(1);
    const later = [2, 3, 4].map((item) => writes.submit(item));
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    // The first went alone and at once; the three that came while it ran went together.
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps each group under its size limit, in arrival order', async () => {
    const { groups, run } = recordingRun();
    const writes = new WriteGroup(run, { maxItems: 3 });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => writes.submit(item)));
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(groups.every((group) => group.length <= 3)).toBe(true);
    expect(groups.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("when a group fails, runs each of its items alone: one item's failure is that item's only", async () => {
    const { groups, run } = recordingRun((items) => items.includes(13));
    const writes = new WriteGroup(run);
    const blocker = writes.submit(1);
    const outcomes = await Promise.allSettled([10, 13, 20].map((item) => writes.submit(item)));
    await blocker;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 20 });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 40 });
    expect(groups).toContainEqual([10, 13, 20]);
    expect(groups).toContainEqual([13]);
  });

  it('puts the same key always in the same lane, and lanes run side by side', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const groups: number[][] = [];
    const writes = new WriteGroup(
      async (items: number[]) => {
        groups.push(items);
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        return items;
      },
      { lanes: 2, laneOf: (item) => item % 2 },
    );
    await Promise.all([1, 2, 3, 4, 5, 6].map((item) => writes.submit(item)));
    await writes.idle();
    expect(mostAtOnce).toBe(2);
    // Odd and even items never share a group.
    for (const group of groups) expect(new Set(group.map((item) => item % 2)).size).toBe(1);
  });

  it('counts the items in flight, waiting or running, until each is answered (the email worker yields to a rush)', async () => {
    const { run } = recordingRun((items) => items.includes(13));
    const writes = new WriteGroup(run);
    expect(writes.inFlight).toBe(0);
    const pending = [1, 2, 13].map((item) => writes.submit(item).catch(() => 'failed'));
    expect(writes.inFlight).toBe(3);
    expect(await Promise.all(pending)).toEqual([2, 4, 'failed']);
    expect(writes.inFlight).toBe(0);
  });
});
