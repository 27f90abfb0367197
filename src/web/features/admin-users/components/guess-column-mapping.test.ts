import { describe, expect, it } from 'vitest';
import { guessColumnMapping, missingRequiredFields, normalizeHeader } from './guess-column-mapping';

describe('normalizeHeader', () => {
  it('ignores case, spaces, hyphens, underscores and a byte order mark', () => {
    expect(normalizeHeader(' Email ')).toBe('email');
    expect(normalizeHeader('\uFEFFFirst_Name')).toBe('firstname');
    expect(normalizeHeader('Child 1 Weekly Limit')).toBe('child1weeklylimit');
  });
});

describe('guessColumnMapping', () => {
  it("maps the office's usual spreadsheet headers", () => {
    const headers = ['Email', 'First Name', 'last_name', 'Plan', 'Weekly limit', 'Child 1', 'Child 1 Limit', 'child2_name', 'Child 2 Weekly Limit'];
    expect(guessColumnMapping(headers)).toEqual({
      email: 'Email',
      firstName: 'First Name',
      lastName: 'last_name',
      planTier: 'Plan',
      weeklyLimit: 'Weekly limit',
      firstChildName: 'Child 1',
      firstChildWeeklyLimit: 'Child 1 Limit',
      secondChildName: 'child2_name',
      secondChildWeeklyLimit: 'Child 2 Weekly Limit',
    });
  });

  it("maps a child's date of birth and sex columns (issue 22)", () => {
    const headers = ['Email', 'First Name', 'Last Name', 'Child 1 Name', 'Child 1 DOB', 'Child 1 Gender', 'Child 2 Name', 'Child 2 Date of Birth', 'secondChildSex'];
    expect(guessColumnMapping(headers)).toEqual({
      email: 'Email',
      firstName: 'First Name',
      lastName: 'Last Name',
      firstChildName: 'Child 1 Name',
      firstChildBirthDate: 'Child 1 DOB',
      firstChildSex: 'Child 1 Gender',
      secondChildName: 'Child 2 Name',
      secondChildBirthDate: 'Child 2 Date of Birth',
      secondChildSex: 'secondChildSex',
    });
  });

  it('recognises the field names and labels themselves', () => {
    const headers = ['email', 'firstName', 'lastName', 'password', 'planTier', 'weeklyLimit', 'firstChildName', 'Child 2 Name', 'thirdChildWeeklyLimit', 'FOURTH_CHILD_NAME'];
    expect(guessColumnMapping(headers)).toEqual({
      email: 'email',
      firstName: 'firstName',
      lastName: 'lastName',
      password: 'password',
      planTier: 'planTier',
      weeklyLimit: 'weeklyLimit',
      firstChildName: 'firstChildName',
      secondChildName: 'Child 2 Name',
      thirdChildWeeklyLimit: 'thirdChildWeeklyLimit',
      fourthChildName: 'FOURTH_CHILD_NAME',
    });
  });

  it('accepts common synonyms', () => {
    expect(guessColumnMapping(['Email Address', 'Given name', 'Surname', 'Sessions per week', 'Child'])).toEqual({
      email: 'Email Address',
      firstName: 'Given name',
      lastName: 'Surname',
      weeklyLimit: 'Sessions per week',
      firstChildName: 'Child',
    });
  });

  it("does not take a child's first name for the parent's", () => {
    const mapping = guessColumnMapping(['Parent Email (required)', 'Child First Name', 'Parent first name', 'Family name']);
    expect(mapping).toEqual({ email: 'Parent Email (required)', firstName: 'Parent first name', lastName: 'Family name' });
  });

  it('uses each column once and prefers the better name', () => {
    // 'Mail' and 'Email' could both be the e-mail; 'Email' is the better name even though it comes later.
    expect(guessColumnMapping(['Mail', 'Email', 'First', 'Last'])).toEqual({ email: 'Email', firstName: 'First', lastName: 'Last' });
    // Two columns with the same meaning: the first one is used, the other stays unmapped.
    expect(guessColumnMapping(['email', 'Email', 'first name', 'last name'])).toEqual({ email: 'email', firstName: 'first name', lastName: 'last name' });
  });

  it('leaves unknown and blank columns unmapped', () => {
    expect(guessColumnMapping(['Notes', '', 'Address'])).toEqual({});
    // Issue 31: a phone column has somewhere to go now, and so do a second guardian's columns.
    expect(guessColumnMapping(['Notes', 'Phone', 'Parent 2 Email', 'Second Guardian Phone'])).toEqual({
      phone: 'Phone',
      guardian2Email: 'Parent 2 Email',
      guardian2Phone: 'Second Guardian Phone',
    });
    expect(guessColumnMapping([])).toEqual({});
  });
});

describe('missingRequiredFields', () => {
  it('names the required fields without a column', () => {
    expect(missingRequiredFields({ email: 'Email', lastName: '' })).toEqual(['firstName', 'lastName']);
    expect(missingRequiredFields({ email: 'Email', firstName: 'First', lastName: 'Last' })).toEqual([]);
  });
});
