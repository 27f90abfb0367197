import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_INVALID, BIRTH_DATE_TOO_OLD, birthDateProblem, childSexFrom, childSexLabel } from './child-details';
import { torontoTime } from './week';

describe("a child's date of birth and sex (issue 22)", () => {
  // 2026-11-26 00:30 in Toronto is 05:30 UTC: Toronto's date decides 'today', not the machine's.
  const now = torontoTime(2026, 11, 26, 0, 30);

  it('takes a real date up to today (Toronto), at most 25 years back', () => {
    expect(birthDateProblem('2016-05-04', now)).toBeNull();
    expect(birthDateProblem('2026-11-26', now)).toBeNull();
    expect(birthDateProblem('2001-11-26', now)).toBeNull();
    expect(birthDateProblem('2001-11-25', now)).toBe(BIRTH_DATE_TOO_OLD);
    expect(birthDateProblem('2026-11-27', now)).toBe(BIRTH_DATE_INVALID);
    for (const bad of ['2016-02-30', '2016-13-01', '16-05-04', '2016/05/04', 'May 4 2016', '2016-05-04T00:00:00Z']) {
      expect(birthDateProblem(bad, now)).toBe(BIRTH_DATE_INVALID);
    }
  });

  it('reads a sex written F/M in any case or as female/male, girl/boy; anything else is not read', () => {
    expect(['F', 'f', ' female ', 'Girl'].map(childSexFrom)).toEqual(['F', 'F', 'F', 'F']);
    expect(['M', 'm', 'MALE', 'boy'].map(childSexFrom)).toEqual(['M', 'M', 'M', 'M']);
    expect(['', 'x', 'woman', 'constructor', '__proto__'].map(childSexFrom)).toEqual([null, null, null, null, null]);
    expect([childSexLabel('F'), childSexLabel('M'), childSexLabel(null)]).toEqual(['Girl', 'Boy', 'Not recorded']);
  });
});
