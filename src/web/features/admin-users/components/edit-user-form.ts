import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { childBirthDateField, childLimitField, childNameField, childSexField, updateUserBody, type AdminUserDto, type AssignableRole } from '../../../../shared/schemas/admin-users';
import { CHILD_SLOTS, DEFAULT_WEEKLY_LIMIT, type ChildSex, type PlanTier } from '../../../../shared/schemas/users';
import type { UpdateUserPayload } from '../api/update-user';

/** The 'Sex' select of a child: '' is 'Not recorded'. */
export type ChildSexChoice = '' | ChildSex;

/** The edit form: every field of the account but the password, child names '' for an empty slot, and the Active switch. */
export interface EditUserForm {
  firstName: string;
  lastName: string;
  email: string;
  role: AssignableRole;
  planTier: PlanTier;
  weeklyLimit: number;
  firstChildName: string;
  secondChildName: string;
  thirdChildName: string;
  fourthChildName: string;
  firstChildWeeklyLimit: number;
  secondChildWeeklyLimit: number;
  thirdChildWeeklyLimit: number;
  fourthChildWeeklyLimit: number;
  /** Issue 22: each slot's date of birth ('YYYY-MM-DD', '' when not recorded) and sex ('' not recorded, 'F', 'M'). */
  firstChildBirthDate: string;
  secondChildBirthDate: string;
  thirdChildBirthDate: string;
  fourthChildBirthDate: string;
  firstChildSex: ChildSexChoice;
  secondChildSex: ChildSexChoice;
  thirdChildSex: ChildSexChoice;
  fourthChildSex: ChildSexChoice;
  /** The Active switch: an inactive account cannot sign in. */
  isActive: boolean;
}

type EditField = keyof EditUserForm;
const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'planTier',
  'weeklyLimit',
  'isActive',
  ...CHILD_SLOTS.flatMap((slot) => [childNameField(slot), childLimitField(slot), childBirthDateField(slot), childSexField(slot)]),
] as const satisfies readonly EditField[];

// updateUserBody checks and normalises the form (trimmed names, a blank child name becomes null); its
// inferred input type is loose because of the generated child fields, hence the typed resolver.
export const editUserResolver = zodResolver(updateUserBody) as unknown as Resolver<EditUserForm, unknown, UpdateUserPayload>;

/** Spec 5: a SUPER_ADMIN is shown as ADMIN (the role selector offers Parent and Admin only). */
export function initialValues(user: AdminUserDto): EditUserForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role === 'PARENT' ? 'PARENT' : 'ADMIN',
    planTier: user.planTier,
    weeklyLimit: user.weeklyLimit,
    firstChildName: user.firstChildName ?? '',
    secondChildName: user.secondChildName ?? '',
    thirdChildName: user.thirdChildName ?? '',
    fourthChildName: user.fourthChildName ?? '',
    firstChildWeeklyLimit: user.firstChildWeeklyLimit ?? DEFAULT_WEEKLY_LIMIT,
    secondChildWeeklyLimit: user.secondChildWeeklyLimit ?? DEFAULT_WEEKLY_LIMIT,
    thirdChildWeeklyLimit: user.thirdChildWeeklyLimit ?? DEFAULT_WEEKLY_LIMIT,
    fourthChildWeeklyLimit: user.fourthChildWeeklyLimit ?? DEFAULT_WEEKLY_LIMIT,
    firstChildBirthDate: user.firstChildBirthDate ?? '',
    secondChildBirthDate: user.secondChildBirthDate ?? '',
    thirdChildBirthDate: user.thirdChildBirthDate ?? '',
    fourthChildBirthDate: user.fourthChildBirthDate ?? '',
    firstChildSex: user.firstChildSex ?? '',
    secondChildSex: user.secondChildSex ?? '',
    thirdChildSex: user.thirdChildSex ?? '',
    fourthChildSex: user.fourthChildSex ?? '',
    isActive: user.isActive,
  };
}

/**
 * The PATCH body: only the fields the admin changed (so a concurrent change to another field is kept). A child
 * given a name also sends its limit, so a new child gets the limit shown. A date of birth or sex is sent only when
 * changed (cleared: null), so saving an unchanged child never wipes what is recorded. The role is never sent when it is
 * locked (a SUPER_ADMIN shown as ADMIN must not be demoted to ADMIN by saving), nor isActive when the
 * switch is locked, nor the name and e-mail when they are.
 */
export function changedFields(
  values: UpdateUserPayload,
  dirty: Partial<Record<EditField, unknown>>,
  sendRole: boolean,
  sendActive = true,
  sendAccount = true,
): UpdateUserPayload {
  const body: Record<string, unknown> = {};
  for (const field of EDIT_FIELDS) if (dirty[field]) body[field] = values[field];
  for (const slot of CHILD_SLOTS) {
    const name = values[childNameField(slot)];
    if (dirty[childNameField(slot)] && name) body[childLimitField(slot)] = values[childLimitField(slot)];
  }
  if (!sendRole) delete body.role;
  if (!sendActive) delete body.isActive;
  if (!sendAccount) {
    delete body.firstName;
    delete body.lastName;
    delete body.email;
  }
  return body as UpdateUserPayload;
}
