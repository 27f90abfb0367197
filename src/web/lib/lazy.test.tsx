import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettledOrIntent } from './lazy';

// Issue 33: the likely next steps (the booking dialog, zod, the toast region) load at the first sign of intent or
// once the screen has settled, not at the first idle moment in the middle of the first screen's work.
describe('whenSettledOrIntent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at the first sign of intent (a touch, a key, a pointer, a focus), and only once', () => {
    for (const type of ['pointerdown', 'keydown', 'pointerover', 'focusin', 'touchstart']) {
      const callback = vi.fn();
      whenSettledOrIntent(callback, 4000);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(callback, type).toHaveBeenCalledTimes(1);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      vi.advanceTimersByTime(10_000);
      expect(callback, `${type}, then the settle time`).toHaveBeenCalledTimes(1);
    }
  });

  it('waits for the screen to settle without a sign of intent, then runs once', () => {
    const callback = vi.fn();
    whenSettledOrIntent(callback, 4000);
    vi.advanceTimersByTime(3900);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2500);
    expect(callback).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the screen went)', () => {
    const callback = vi.fn();
    const cancel = whenSettledOrIntent(callback, 4000);
    cancel();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    vi.advanceTimersByTime(10_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
