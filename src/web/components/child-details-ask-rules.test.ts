import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { checkAnswers, mergeAsks, missingDetailsFromError, ruledOutBy } from './child-details-ask-rules';

describe("the booking dialogs' ask for missing details", () => {
  it('needs every field asked, then the profile rules; the bodies carry only the fields asked', () => {
    const asks = [
      { childName: 'Ava', fields: ['birthDate', 'sex'] as const },
      { childName: 'Leo', fields: ['sex'] as const },
    ].map((ask) => ({ ...ask, fields: [...ask.fields] }));
    expect(checkAnswers(asks, {})).toEqual({
      problems: { Ava: { birthDate: "Enter Ava's date of birth", sex: "Choose Ava's sex" }, Leo: { sex: "Choose Leo's sex" } },
      records: null,
    });
    expect(checkAnswers(asks, { Ava: { birthDate: '2999-01-01', sex: 'F' }, Leo: { birthDate: '', sex: 'X' } }).problems).toEqual({
      Ava: { birthDate: 'Date of birth must be a real date in the past (YYYY-MM-DD)' },
      Leo: { sex: 'Sex must be F (girl) or M (boy)' },
    });
    expect(checkAnswers(asks, { Ava: { birthDate: ' 2016-04-02 ', sex: 'F' }, Leo: { birthDate: '2016-01-01', sex: 'M' } })).toEqual({
      problems: {},
      records: [
        { childName: 'Ava', body: { birthDate: '2016-04-02', sex: 'F' } },
        { childName: 'Leo', body: { sex: 'M' } },
      ],
    });
  });

  it("reads the server's ask from a 409 ELIGIBILITY_DETAILS_MISSING only", () => {
    const body = {
      message: "Girls Power Hour needs Ava's sex before Ava can be booked. Add it and book again.",
      code: 'ELIGIBILITY_DETAILS_MISSING',
      missingDetails: [{ childName: 'Ava', fields: ['sex', 'shoeSize'] }, { childName: 'Leo', fields: [] }, 'junk'],
    };
    expect(missingDetailsFromError(new ApiError(`409: ${body.message}`, 409, [], body))).toEqual({
      asks: [{ childName: 'Ava', fields: ['sex'] }],
      message: body.message,
    });
    expect(missingDetailsFromError(new ApiError('409: full', 409, [], { message: 'Session is full', code: 'SESSION_FULL' }))).toBeNull();
    expect(missingDetailsFromError(new Error('offline'))).toBeNull();
  });

  it("merges the dialog's asks with the server's for the children chosen, each child once", () => {
    expect(
      mergeAsks(
        [{ childName: 'Ava', fields: ['sex'] }],
        [
          { childName: 'ava', fields: ['birthDate'] },
          { childName: 'Leo', fields: ['sex'] },
          { childName: 'Mia', fields: ['sex'] },
        ],
        ['Ava', 'Leo'],
      ),
    ).toEqual([
      { childName: 'Ava', fields: ['birthDate', 'sex'] },
      { childName: 'Leo', fields: ['sex'] },
    ]);
  });
});

describe('ruledOutBy', () => {
  const girlsOnly = { classType: { name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true }, startsAt: '2026-12-01T23:00:00.000Z' };
  const kids = [
    { name: 'Ava', birthDate: '2016-04-12', sex: null },
    { name: 'Leo', birthDate: null, sex: 'M' as const },
  ];

  it("names a child the just-recorded details rule out, with what the child already had, and none that still fits", () => {
    expect(ruledOutBy([{ childName: 'Ava', body: { sex: 'F' } }], kids, girlsOnly)).toEqual([]);
    expect(ruledOutBy([{ childName: 'Ava', body: { sex: 'M' } }], kids, girlsOnly)).toEqual(["Ava can't book Girls Power Hour: it is for girls only"]);
    // Leo's recorded sex refuses him whatever date of birth is typed; a date out of range refuses too.
    expect(ruledOutBy([{ childName: 'leo', body: { birthDate: '2015-01-01' } }], kids, girlsOnly)).toHaveLength(1);
    expect(ruledOutBy([{ childName: 'Ava', body: { birthDate: '2022-01-01', sex: 'F' } }], kids, girlsOnly)[0]).toMatch(/ages 9-15/);
  });
});
