import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreNeutralised } from './csv-safe';

describe('neutraliseFormula', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(1)', `'@SUM(1)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
    ['=', `'=`],
  ])('prefixes a cell starting with a formula trigger: %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each(['', 'Ava', 'Main Gym', "O'Brien", '2026-11-25', 'a=b', 'Ava, -2+3', ' =1', '\n=1', "'=already"])(
    'leaves any other cell unchanged: %j',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );

  it('prefixes only once, at the start', () => {
    expect(neutraliseFormula('==1')).toBe(`'==1`);
    expect(neutraliseFormula('-@+=')).toBe(`'-@+=`);
  });
});

describe('restoreNeutralised (issue 33: a rejected-rows file imported again)', () => {
  it.each(['=HYPERLINK("http://x")', '+1 416 555 0100', '-', '@home', '\t=1', 'Ava', "O'Brien", "'quoted", ''])('undoes neutraliseFormula: %j', (value) => {
    expect(restoreNeutralised(neutraliseFormula(value))).toBe(value);
  });

  it('leaves a quote before anything else, or a lone quote, as written', () => {
    expect(restoreNeutralised("'Ilima")).toBe("'Ilima");
    expect(restoreNeutralised("'")).toBe("'");
  });
});
