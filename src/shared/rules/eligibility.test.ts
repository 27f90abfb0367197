import { describe, expect, it } from 'vitest';
import { torontoTime } from './week';
import { ageOn, ageRangeText, detailsNeededBy, ineligibility, ineligibleMessage, missingDetails, missingDetailsMessage, missingDetailsOf } from './eligibility';

const sprint = { name: 'Sprint Mechanics', minAge: 8, maxAge: 12, girlsOnly: false };
const girls = { name: 'Girls Power', minAge: null, maxAge: null, girlsOnly: true };

describe('eligibility', () => {
  it('counts whole years on the day, the birthday itself included', () => {
    expect(ageOn('2018-11-24', '2026-11-23')).toBe(7);
    expect(ageOn('2018-11-24', '2026-11-24')).toBe(8);
    expect(ageOn('2016-02-29', '2026-02-28')).toBe(9);
    expect(ageOn('2016-02-29', '2026-03-01')).toBe(10);
  });

  it('counts the same in any machine zone, also where a day starts at 01:00 (a parent’s browser in São Paulo)', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Sao_Paulo', 'America/Santiago', 'Asia/Beirut', 'America/Havana']) {
        process.env.TZ = tz;
        // Days whose midnight those zones skipped: on the birthday the child is a year older, as for the database.
        expect(ageOn('2001-10-14', '2026-10-14')).toBe(25);
        expect(ageOn('2004-10-10', '2026-10-10')).toBe(22);
        expect(ageOn('2002-03-31', '2026-03-31')).toBe(24);
        expect(ageOn('2004-03-28', '2026-03-28')).toBe(22);
        expect(ageOn('2004-03-28', '2026-03-27')).toBe(21);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('takes the age on the session’s Toronto date, not the UTC one', () => {
    const leo = { name: 'Leo', birthDate: '2018-11-24', sex: null };
    // 7:30 PM in Toronto on the 23rd is already the 24th in UTC: Leo is still 7 that evening.
    const evening = torontoTime(2026, 11, 23, 19, 30);
    expect(new Date(evening).toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(ineligibility(leo, sprint, evening)).toEqual({ reason: 'age', age: 7 });
    expect(ineligibility(leo, sprint, torontoTime(2026, 11, 24, 9, 0))).toBeNull();
  });

  it('refuses only on what is known', () => {
    expect(ineligibility({ name: 'Ava', birthDate: null, sex: null }, sprint, new Date())).toBeNull();
    expect(ineligibility({ name: 'Ava', birthDate: null, sex: 'F' }, girls, new Date())).toBeNull();
    expect(ineligibility({ name: 'Leo', birthDate: null, sex: null }, girls, new Date())).toBeNull();
    expect(ineligibility({ name: 'Leo', birthDate: null, sex: 'M' }, girls, new Date())).toEqual({ reason: 'girls-only' });
    expect(ineligibility({ name: 'Old', birthDate: '2000-01-01', sex: 'M' }, { ...sprint, minAge: null, maxAge: null }, new Date())).toBeNull();
  });

  it('names each child with the rule', () => {
    expect(ageRangeText(8, 12)).toBe('ages 8-12');
    expect(ageRangeText(8, null)).toBe('ages 8 and up');
    expect(ageRangeText(null, 12)).toBe('ages up to 12');
    expect(ineligibleMessage([{ name: 'Leo', reason: 'age', age: 7 }], sprint)).toBe(
      "Leo can't book Sprint Mechanics: it is for ages 8-12, and Leo is 7 on that day",
    );
    expect(ineligibleMessage([{ name: 'Leo', reason: 'girls-only' }, { name: 'Max', reason: 'girls-only' }], girls)).toBe(
      "Leo can't book Girls Power: it is for girls only. Max can't book Girls Power: it is for girls only",
    );
  });
});

describe('missing details (issue 31)', () => {
  const girlsAged = { name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true };
  const open = { name: 'Open Gym', minAge: null, maxAge: null, girlsOnly: false };
  const day = torontoTime(2026, 11, 24, 17, 0);

  it('a class with an age range needs the date of birth, a girls-only class the sex; an open class nothing', () => {
    expect(detailsNeededBy(sprint)).toEqual(['birthDate']);
    expect(detailsNeededBy(girls)).toEqual(['sex']);
    expect(detailsNeededBy(girlsAged)).toEqual(['birthDate', 'sex']);
    expect(detailsNeededBy({ minAge: null, maxAge: 6, girlsOnly: false })).toEqual(['birthDate']);
    expect(detailsNeededBy(open)).toEqual([]);
  });

  it('asks only what the record lacks', () => {
    expect(missingDetails({ birthDate: null, sex: null }, girlsAged)).toEqual(['birthDate', 'sex']);
    expect(missingDetails({ birthDate: '2016-01-01', sex: null }, girlsAged)).toEqual(['sex']);
    expect(missingDetails({ birthDate: null, sex: 'F' }, girlsAged)).toEqual(['birthDate']);
    expect(missingDetails({ birthDate: '2016-01-01', sex: 'F' }, girlsAged)).toEqual([]);
    expect(missingDetails({}, open)).toEqual([]);
  });

  it('lists the children of a booking that must be asked, by their recorded names, in the order named', () => {
    const family = [
      { name: 'Ava', birthDate: null, sex: 'F' as const },
      { name: 'Leo', birthDate: '2016-05-01', sex: 'M' as const },
      { name: 'Mia', birthDate: null, sex: null },
      { name: 'Zoé', birthDate: '2015-01-01', sex: 'F' as const },
    ];
    expect(missingDetailsOf(family, ['mia', 'Ava', 'Zoé', 'Nobody'], girlsAged)).toEqual([
      { childName: 'Mia', fields: ['birthDate', 'sex'] },
      { childName: 'Ava', fields: ['birthDate'] },
    ]);
    // What is known decides first: a boy is refused as ineligible for a girls-only class, never asked his date of birth.
    expect(missingDetailsOf(family, ['Leo'], { ...girlsAged, minAge: null, maxAge: null })).toEqual([]);
    expect(missingDetailsOf([{ name: 'Leo', birthDate: null, sex: 'M' }], ['Leo'], girlsAged, day)).toEqual([]);
    expect(missingDetailsOf([{ name: 'Leo', birthDate: null, sex: 'M' }], ['Leo'], girlsAged)).toEqual([{ childName: 'Leo', fields: ['birthDate'] }]);
    // A child too old for the class is not asked the sex either, once the session's day is known.
    expect(missingDetailsOf([{ name: 'Ana', birthDate: '2006-01-01', sex: null }], ['Ana'], girlsAged, day)).toEqual([]);
  });

  it('says what is missing, naming each child and detail', () => {
    expect(missingDetailsMessage([{ childName: 'Ava', fields: ['birthDate', 'sex'] }], girlsAged)).toBe(
      "Girls Power Hour needs Ava's date of birth and sex before Ava can be booked. Add them and book again.",
    );
    expect(missingDetailsMessage([{ childName: 'Leo', fields: ['birthDate'] }], sprint)).toBe(
      "Sprint Mechanics needs Leo's date of birth before Leo can be booked. Add it and book again.",
    );
    expect(
      missingDetailsMessage(
        [
          { childName: 'Ava', fields: ['birthDate', 'sex'] },
          { childName: 'Mia', fields: ['sex'] },
        ],
        girlsAged,
      ),
    ).toBe("Girls Power Hour needs Ava's date of birth and sex, and Mia's sex, before they can be booked. Add them and book again.");
  });
});
