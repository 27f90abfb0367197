/**
 * Group commit for writes many people make at once (docs/decisions/016-grouped-repeatable-writes.md): items
 * submitted while a group is running in their lane wait, and all of them run together as the lane's next group,
 * in one call of `run` (one unit of work: one transaction, one commit, one announcement). When the lane is idle
 * an item starts at once, alone, so a quiet portal waits for nothing; under a rush the groups grow by themselves.
 * Items go to `lanes` lanes by `laneOf` (the same key always to the same lane), which run side by side: while
 * one group commits, the next executes.
 *
 * `run` answers each item in order. If it throws, nothing of the group was committed and each item is run
 * again alone, so one item's failure is that item's only; unless the error is one every item would meet alike
 * (`failsEveryItem`: the database is unreachable), which every item of the group gets at once instead of
 * waiting for its own try to time out, one after another.
 */
type Waiting<Item, Outcome> = { item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void };

export interface WriteGroupOptions<Item> {
  /** Lanes running side by side (1: one group at a time). */
  lanes?: number;
  /** The lane of an item, any integer (taken modulo the lanes). */
  laneOf?: (item: Item) => number;
  /** The most items in one group (each holds its row locks until the group commits). */
  maxItems?: number;
  /** An error of the group's run that no item would escape when run alone (default: none). */
  failsEveryItem?: (error: unknown) => boolean;
}

export class WriteGroup<Item, Outcome> {
  private readonly lanes: Array<{ waiting: Array<Waiting<Item, Outcome>>; running: Promise<void> | null }>;
  private readonly laneOf: (item: Item) => number;
  private readonly maxItems: number;
  private readonly failsEveryItem: (error: unknown) => boolean;
  private submitted = 0;

  constructor(
    private readonly run: (items: Item[]) => Promise<Outcome[]>,
    options: WriteGroupOptions<Item> = {},
  ) {
    this.lanes = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => ({ waiting: [], running: null }));
    this.laneOf = options.laneOf ?? (() => 0);
    this.maxItems = options.maxItems ?? 50;
    this.failsEveryItem = options.failsEveryItem ?? (() => false);
  }

  /** Items submitted and not answered yet (waiting or in a running group): how busy the writes are right now. */
  get inFlight(): number {
    return this.submitted;
  }

  submit(item: Item): Promise<Outcome> {
    const lane = this.lanes[Math.abs(this.laneOf(item)) % this.lanes.length]!;
    this.submitted++;
    return new Promise<Outcome>((resolve, reject) => {
      const done = () => this.submitted--;
      lane.waiting.push({
        item,
        resolve: (outcome) => {
          done();
          resolve(outcome);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      lane.running ??= this.drain(lane);
    });
  }

  /** Resolves once no group is running or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    for (const lane of this.lanes) while (lane.running) await lane.running;
  }

  private async drain(lane: (typeof this.lanes)[number]): Promise<void> {
    try {
      while (lane.waiting.length) {
        const group = lane.waiting.splice(0, this.maxItems);
        try {
          const outcomes = await this.run(group.map((entry) => entry.item));
          group.forEach((entry, index) => entry.resolve(outcomes[index]!));
        } catch (error) {
          if (group.length === 1 || this.failsEveryItem(error)) {
            for (const entry of group) entry.reject(error);
            continue;
          }
          for (const entry of group) {
            try {
              entry.resolve((await this.run([entry.item]))[0]!);
            } catch (alone) {
              entry.reject(alone);
            }
          }
        }
      }
    } finally {
      lane.running = null;
    }
  }
}
