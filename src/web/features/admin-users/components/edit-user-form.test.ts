import { describe, expect, it } from 'vitest';
import { updateUserBody, type AdminUserDto } from '../../../../shared/schemas/admin-users';
import type { UpdateUserPayload } from '../api/update-user';
import { changedFields, initialValues, type EditUserForm } from './edit-user-form';
import { childrenText, weeklyLimitFromInput } from './user-format';

const family: AdminUserDto = {
  id: '6c1f0c1e-0000-4000-8000-000000000001',
  email: 'family3@example.com',
  firstName: 'Amara',
  lastName: 'Okafor',
  role: 'PARENT',
  planTier: 'TWO',
  weeklyLimit: 2,
  passwordSet: true,
  isActive: true,
  children: [
    { id: 'c1', name: 'Zara', weeklyLimit: 3, birthDate: '2016-05-04', sex: 'F' },
    { id: 'c2', name: 'Tobi', weeklyLimit: 2, birthDate: null, sex: null },
  ],
  firstChildName: 'Zara',
  secondChildName: 'Tobi',
  thirdChildName: null,
  fourthChildName: null,
  firstChildWeeklyLimit: 3,
  secondChildWeeklyLimit: 2,
  thirdChildWeeklyLimit: null,
  fourthChildWeeklyLimit: null,
  firstChildBirthDate: '2016-05-04',
  secondChildBirthDate: null,
  thirdChildBirthDate: null,
  fourthChildBirthDate: null,
  firstChildSex: 'F',
  secondChildSex: null,
  thirdChildSex: null,
  fourthChildSex: null,
  createdAt: '2026-11-01T12:00:00.000Z',
};

/** What the resolver hands to the submit handler: the form checked and normalised by updateUserBody. */
const parsed = (form: EditUserForm) => updateUserBody.parse(form) as UpdateUserPayload;
const dirty = (...fields: Array<keyof EditUserForm>) => Object.fromEntries(fields.map((field) => [field, true]));

describe('the edit form', () => {
  it('starts from the user, empty slots blank with the default limit', () => {
    expect(initialValues(family)).toMatchObject({
      role: 'PARENT',
      firstChildName: 'Zara',
      secondChildWeeklyLimit: 2,
      thirdChildName: '',
      thirdChildWeeklyLimit: 1,
    });
  });

  it('shows a SUPER_ADMIN as ADMIN and never sends that role', () => {
    const owner = { ...family, role: 'SUPER_ADMIN' as const };
    const form = initialValues(owner);
    expect(form.role).toBe('ADMIN');
    expect(changedFields(parsed({ ...form, firstName: 'Olive' }), dirty('firstName', 'role'), false)).toEqual({ firstName: 'Olive' });
  });

  it('sends only what changed: nothing for an untouched form', () => {
    expect(changedFields(parsed(initialValues(family)), {}, true)).toEqual({});
  });

  it('sends a renamed child with its limit, a limit alone, and a removed child as null', () => {
    const form = { ...initialValues(family), firstChildName: ' Zuri ', secondChildName: '', thirdChildWeeklyLimit: 5 };
    expect(changedFields(parsed(form), dirty('firstChildName', 'secondChildName', 'thirdChildWeeklyLimit'), true)).toEqual({
      firstChildName: 'Zuri',
      firstChildWeeklyLimit: 3,
      secondChildName: null,
      thirdChildWeeklyLimit: 5,
    });
  });

  it('starts each child from the recorded date of birth and sex, and sends them only when changed, cleared as null (issue 22)', () => {
    const form = initialValues(family);
    expect(form).toMatchObject({ firstChildBirthDate: '2016-05-04', firstChildSex: 'F', secondChildBirthDate: '', secondChildSex: '' });
    // Renaming keeps the recorded values: they are not sent.
    expect(changedFields(parsed({ ...form, firstChildName: 'Zuri' }), dirty('firstChildName'), true)).toEqual({
      firstChildName: 'Zuri',
      firstChildWeeklyLimit: 3,
    });
    const changed = { ...form, firstChildBirthDate: '', firstChildSex: '' as const, secondChildBirthDate: '2018-01-31', secondChildSex: 'M' as const };
    expect(
      changedFields(parsed(changed), dirty('firstChildBirthDate', 'firstChildSex', 'secondChildBirthDate', 'secondChildSex'), true),
    ).toEqual({ firstChildBirthDate: null, firstChildSex: null, secondChildBirthDate: '2018-01-31', secondChildSex: 'M' });
    expect(() => parsed({ ...form, secondChildBirthDate: '2999-01-01' })).toThrow('Date of birth must be a real date in the past');
  });

  it('sends a role change when the role may change', () => {
    expect(changedFields(parsed({ ...initialValues(family), role: 'ADMIN' }), dirty('role'), true)).toEqual({ role: 'ADMIN' });
  });

  it('starts the Active switch from the account and sends it only when switched and not locked', () => {
    expect(initialValues({ ...family, isActive: false }).isActive).toBe(false);
    const switchedOff = parsed({ ...initialValues(family), isActive: false });
    expect(changedFields(switchedOff, dirty('isActive'), true)).toEqual({ isActive: false });
    expect(changedFields(switchedOff, dirty('isActive', 'lastName'), true, false)).toEqual({ lastName: 'Okafor' });
  });
});

describe('weeklyLimitFromInput', () => {
  it('reads a number and falls back to 1 for anything that is not one', () => {
    expect(weeklyLimitFromInput('4')).toBe(4);
    expect(weeklyLimitFromInput(' 7 ')).toBe(7);
    expect(weeklyLimitFromInput('')).toBe(1);
    expect(weeklyLimitFromInput('abc')).toBe(1);
    expect(weeklyLimitFromInput(Number.NaN)).toBe(1);
    // Out of range stays as typed, so the form can say why.
    expect(weeklyLimitFromInput('9')).toBe(9);
  });
});

describe('childrenText', () => {
  it("joins the children's names, or says there are none", () => {
    expect(childrenText(family)).toBe('Zara, Tobi');
    expect(childrenText({ children: [] })).toBe('No children');
  });
});
