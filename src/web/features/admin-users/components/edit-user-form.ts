import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { childLimitField, childNameField, updateUserBody, type AdminUserDto, type AssignableRole } from '../../../../shared/schemas/admin-users';
import { CHILD_SLOTS, DEFAULT_WEEKLY_LIMIT, type PlanTier } from '../../../../shared/schemas/users';
import type { UpdateUserPayload } from '../api/update-user';

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
  ...CHILD_SLOTS.flatMap((slot) => [childNameField(slot), childLimitField(slot)]),
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
    isActive: user.isActive,
  };
}

/**
 * The PATCH body: only the fields the admin changed (so a concurrent change to another field is kept). A child
 * given a name also sends its limit, so a new child gets the limit shown. The role is never sent when it is
 * locked (a SUPER_ADMIN shown as ADMIN must not be demoted to ADMIN by saving), nor isActive when the
 * switch is locked.
 */
export function changedFields(
  values: UpdateUserPayload,
  dirty: Partial<Record<EditField, unknown>>,
  sendRole: boolean,
  sendActive = true,
): UpdateUserPayload {
  const body: Record<string, unknown> = {};
  for (const field of EDIT_FIELDS) if (dirty[field]) body[field] = values[field];
  for (const slot of CHILD_SLOTS) {
    const name = values[childNameField(slot)];
    if (dirty[childNameField(slot)] && name) body[childLimitField(slot)] = values[childLimitField(slot)];
  }
  if (!sendRole) delete body.role;
  if (!sendActive) delete body.isActive;
  return body as UpdateUserPayload;
}
