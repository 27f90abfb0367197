import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pagination window (spec 2 and 9)', () => {
  it('shows up to 5 page buttons starting 2 before the current page', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });

  it('never goes past the last page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
