import { describe, expect, it } from 'vitest';
import { ALL_CLASSES, classFilterOf } from './class-types';

describe('the class filter shared by the calendar, Sessions and Reservations', () => {
  it("asks for no class on 'All classes' and for the chosen class's code otherwise", () => {
    expect(ALL_CLASSES).toBe('all');
    expect(classFilterOf(ALL_CLASSES)).toBeUndefined();
    expect(classFilterOf('JR-GYM')).toBe('JR-GYM');
  });
});
