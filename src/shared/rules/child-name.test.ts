import { describe, expect, it } from 'vitest';
import { childChoices } from './child-choice';
import { childListedTwiceMessage, childNameKey, firstRepeatedChildName, sameChildName } from './child-name';

// Issue 29: the browser compares child names by the same key as the server and the database (the database's side is
// proven equal in src/server/routes/child-names.test.ts).
describe('a child’s name key', () => {
  it('reads case, the Turkish İ, ẞ, composed and decomposed accents and full-width letters alike; other letters not', () => {
    expect(['Mia', 'MİA', 'mia', ' MIA ', 'ＭＩＡ', 'ｍｉａ', 'Mia\u3000'].map(childNameKey)).toEqual(Array(7).fill('mia'));
    expect(sameChildName('Zoé', 'ZOE\u0301')).toBe(true);
    expect(sameChildName('Zoe\u0301', 'zoé')).toBe(true);
    expect(sameChildName('STRAẞE', 'straße')).toBe(true);
    expect(sameChildName('Straße', 'Strasse')).toBe(false);
    expect(sameChildName('Mıa', 'Mia')).toBe(false);
    expect(sameChildName('Zoe', 'Zoé')).toBe(false);
  });

  it('finds the first two names of a list that are one child, and says so naming both', () => {
    expect(firstRepeatedChildName(['Ava', 'Mia', 'Leo'])).toBeNull();
    expect(firstRepeatedChildName(['Mia', 'Ava', 'MİA', 'mia'])).toEqual(['Mia', 'MİA']);
    expect(firstRepeatedChildName(['', 'Ava', ''])).toBeNull();
    // The child named first among those named twice, as the database names them.
    expect(firstRepeatedChildName(['Ava', 'Leo', 'leo', 'ava'])).toEqual(['Ava', 'ava']);
    expect(childListedTwiceMessage(['Mia', 'MİA'])).toBe('Each child can be listed only once: "Mia" and "MİA" name the same child');
    expect(childListedTwiceMessage(['Mia', 'Mia'])).toBe('Each child can be listed only once: "Mia" is listed twice');
  });

  it('the booking dialog marks a child booked under another spelling as already booked', () => {
    const choices = childChoices([{ name: 'Mia' }, { name: 'Zoé' }], { bookedHere: ['MİA', 'ZOE\u0301'], week: undefined, weekWord: 'next week' });
    expect(choices.map((c) => [c.name, c.reason])).toEqual([
      ['Mia', 'Already booked'],
      ['Zoé', 'Already booked'],
    ]);
  });
});
