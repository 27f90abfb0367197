import { afterEach, describe, expect, it } from 'vitest';
import { isBlankLooking, readImportCell, readImportDate, readImportLimit, readImportSex } from './import-cells';

const DOB = 'Child 1 Date of Birth';

describe('CSV import cells (issue 33)', () => {
  describe('dates of birth', () => {
    it('reads ISO dates whatever the order, and written dates in the chosen order', () => {
      for (const order of ['MDY', 'DMY', null] as const) {
        expect(readImportDate(DOB, ' 2015-03-14 ', order)).toEqual({ value: '2015-03-14' });
        expect(readImportDate(DOB, '2015-3-4', order)).toEqual({ value: '2015-03-04' });
      }
      expect(readImportDate(DOB, '03/14/2015', 'MDY')).toEqual({ value: '2015-03-14' });
      expect(readImportDate(DOB, '3/4/2015', 'MDY')).toEqual({ value: '2015-03-04' });
      expect(readImportDate(DOB, '14/03/2015', 'DMY')).toEqual({ value: '2015-03-14' });
      expect(readImportDate(DOB, '14.03.2015', 'DMY')).toEqual({ value: '2015-03-14' });
      expect(readImportDate(DOB, '14-03-2015', 'DMY')).toEqual({ value: '2015-03-14' });
      // Ambiguous: the order decides.
      expect(readImportDate(DOB, '04/05/2016', 'MDY')).toEqual({ value: '2016-04-05' });
      expect(readImportDate(DOB, '04/05/2016', 'DMY')).toEqual({ value: '2016-05-04' });
    });

    it('says what to change when a date is impossible in the chosen order', () => {
      expect(readImportDate(DOB, '14/03/2015', 'MDY')).toEqual({
        problem: 'Child 1 Date of Birth "14/03/2015" is not a month/day/year date: choose Day/Month/Year or write 2015-03-14',
      });
      expect(readImportDate(DOB, '03/14/2015', 'DMY')).toEqual({
        problem: 'Child 1 Date of Birth "03/14/2015" is not a day/month/year date: choose Month/Day/Year or write 2015-03-14',
      });
      expect(readImportDate(DOB, '31/13/2015', 'DMY')).toEqual({
        problem: 'Child 1 Date of Birth "31/13/2015" is not a real date in either order: check the day and month, or write it as YYYY-MM-DD',
      });
      expect(readImportDate(DOB, '2015-02-30', 'MDY')).toEqual({
        problem: 'Child 1 Date of Birth "2015-02-30" is not a real date: check the month and day (YYYY-MM-DD)',
      });
      expect(readImportDate(DOB, 'March 14 2015', 'MDY')).toEqual({
        problem: 'Child 1 Date of Birth "March 14 2015" is not a date: write it as YYYY-MM-DD, such as 2015-03-14',
      });
      // Mixed separators are not a date.
      expect(readImportDate(DOB, '03/14-2015', 'MDY')).toHaveProperty('problem');
    });

    it('without an order reads ISO only, and suggests the ISO date when only one order fits', () => {
      expect(readImportDate(DOB, '14/03/2015', null)).toEqual({
        problem:
          'Child 1 Date of Birth "14/03/2015" is not a YYYY-MM-DD date: choose the file\'s date order (Month/Day/Year or Day/Month/Year) or write it as 2015-03-14',
      });
      expect(readImportDate(DOB, '04/05/2016', null)).toEqual({
        problem:
          'Child 1 Date of Birth "04/05/2016" is not a YYYY-MM-DD date: choose the file\'s date order (Month/Day/Year or Day/Month/Year) or write it as YYYY-MM-DD',
      });
    });

    it('knows Feb 29 of leap years only', () => {
      expect(readImportDate(DOB, '2016-02-29', null)).toEqual({ value: '2016-02-29' });
      expect(readImportDate(DOB, '02/29/2016', 'MDY')).toEqual({ value: '2016-02-29' });
      expect(readImportDate(DOB, '29/02/2016', 'DMY')).toEqual({ value: '2016-02-29' });
      expect(readImportDate(DOB, '2000-02-29', null)).toEqual({ value: '2000-02-29' });
      expect(readImportDate(DOB, '2015-02-29', null)).toHaveProperty('problem');
      expect(readImportDate(DOB, '1900-02-29', null)).toHaveProperty('problem');
      expect(readImportDate(DOB, '29/02/2015', 'DMY')).toHaveProperty('problem', expect.stringContaining('not a real date in either order'));
    });

    it('refuses a 2-digit year (1915 or 2015?) and asks for the year in full', () => {
      expect(readImportDate(DOB, '03/14/15', 'MDY')).toEqual({
        problem: 'Child 1 Date of Birth "03/14/15" has a 2-digit year: write the year in full, or the date as YYYY-MM-DD',
      });
      expect(readImportDate(DOB, '14/03/15', 'DMY')).toHaveProperty('problem', expect.stringContaining('2-digit year'));
      expect(readImportDate(DOB, '15-03-14', 'DMY')).toHaveProperty('problem', expect.stringContaining('2-digit year'));
    });

    it('reads blank-looking cells as not recorded', () => {
      for (const cell of ['', '  ', '-', '–', 'n/a', 'N/A', 'unknown', '?']) expect(readImportDate(DOB, cell, 'MDY')).toEqual({ value: null });
    });

    describe('whatever the machine’s time zone', () => {
      const zone = process.env.TZ;
      afterEach(() => {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      });

      // Sao Paulo skipped midnight on 2015-10-18 (DST started at 00:00); Kiritimati is UTC+14, Pago Pago UTC-11.
      it.each(['America/Sao_Paulo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo', 'UTC'])('%s', (tz) => {
        process.env.TZ = tz;
        expect(readImportDate(DOB, '10/18/2015', 'MDY')).toEqual({ value: '2015-10-18' });
        expect(readImportDate(DOB, '2015-10-18', null)).toEqual({ value: '2015-10-18' });
        expect(readImportDate(DOB, '01/01/2016', 'DMY')).toEqual({ value: '2016-01-01' });
        expect(readImportDate(DOB, '31/12/2015', 'DMY')).toEqual({ value: '2015-12-31' });
        expect(readImportDate(DOB, '29/02/2016', 'DMY')).toEqual({ value: '2016-02-29' });
      });
    });
  });

  it('reads a sex as people write it; blank-looking is not recorded; X names what is accepted', () => {
    for (const cell of ['F', 'f', ' Female ', 'girl', 'GIRL']) expect(readImportSex('Child 1 Sex', cell)).toEqual({ value: 'F' });
    for (const cell of ['M', 'm', 'male', 'Boy']) expect(readImportSex('Child 1 Sex', cell)).toEqual({ value: 'M' });
    for (const cell of ['', ' ', '-', 'n/a', 'N/A', 'NA', 'none', 'Unknown']) expect(readImportSex('Child 1 Sex', cell)).toEqual({ value: null });
    expect(readImportSex('Child 2 Sex', ' X ')).toEqual({
      problem: 'Child 2 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded',
    });
    expect(readImportSex('Child 2 Sex', 'woman')).toHaveProperty('problem');
    expect(isBlankLooking('n / a')).toBe(false);
  });

  it('reads a weekly limit from its number with the usual words around it', () => {
    const cases: Array<[string, number]> = [
      ['2', 2],
      [' 3 ', 3],
      ['02', 2],
      ['2 per week', 2],
      ['2/week', 2],
      ['2 / wk', 2],
      ['2x', 2],
      ['2X', 2],
      ['2x/week', 2],
      ['2 x week', 2],
      ['2 times a week', 2],
      ['1 time per week', 1],
      ['3 sessions weekly', 3],
      ['7 days a week', 7],
      ['4 classes per week', 4],
    ];
    for (const [cell, limit] of cases) expect(readImportLimit('Weekly Sessions', cell), cell).toEqual({ value: limit });
    for (const cell of ['0', '8', '8 per week', '1.5', 'two', 'twice a week', '2 per month', '-1', '2 3']) {
      expect(readImportLimit('Child 1 Weekly Limit', cell), cell).toEqual({
        problem: `Child 1 Weekly Limit "${cell}": write a whole number from 1 to 7, such as 2 or 2 per week`,
      });
    }
  });

  it('dispatches by field: plan in capitals, the child fields by their rule, the rest as written', () => {
    const options = { dateOrder: 'DMY' as const };
    expect(readImportCell('planTier', 'Plan', 'two', options)).toEqual({ value: 'TWO' });
    expect(readImportCell('weeklyLimit', 'Weekly Sessions', '2 per week', options)).toEqual({ value: 2 });
    expect(readImportCell('thirdChildWeeklyLimit', 'Child 3 Weekly Limit', '3x', options)).toEqual({ value: 3 });
    expect(readImportCell('secondChildSex', 'Child 2 Sex', 'n/a', options)).toEqual({ value: null });
    expect(readImportCell('fourthChildBirthDate', 'Child 4 Date of Birth', '14/03/2015', options)).toEqual({ value: '2015-03-14' });
    expect(readImportCell('firstChildName', 'Child 1 Name', '-', options)).toEqual({ value: '-' });
    expect(readImportCell('email', 'Email', 'A@Example.com', options)).toEqual({ value: 'A@Example.com' });
  });
});
