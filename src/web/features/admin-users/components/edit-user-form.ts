import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { updateUserBody, type AdminUserDto, type AssignableRole } from '../../../../shared/schemas/admin-users';
import {
  CHILD_FIELDS,
  CHILD_SLOT_FIELDS,
  CHILD_SLOTS,
  childrenToSlots,
  childSlotField,
  slotsToChildren,
  type ChildField,
  type ChildSex,
  type PositionedChild,
  type SlotsOfChild,
} from '../../../../shared/schemas/children';
import { DEFAULT_WEEKLY_LIMIT, type PlanTier } from '../../../../shared/schemas/users';
import type { UpdateUserPayload } from '../api/update-user';

/** The 'Sex' select of a child: '' is 'Not recorded'. */
export type ChildSexChoice = '' | ChildSex;

/** A child of the form: '' for a name, date of birth or sex not given (a blank name is an empty slot). */
export interface ChildFormValues {
  name: string;
  weeklyLimit: number;
  /** Issue 22: 'YYYY-MM-DD', '' when not recorded. */
  birthDate: string;
  sex: ChildSexChoice;
}
/** A slot without a child, as the create and edit forms show it. */
export const BLANK_CHILD: ChildFormValues = { name: '', weeklyLimit: DEFAULT_WEEKLY_LIMIT, birthDate: '', sex: '' };

/** The edit form: every field of the account but the password, each child slot (firstChildName …), and the Active switch. */
export type EditUserForm = SlotsOfChild<ChildFormValues, never> & {
  firstName: string;
  lastName: string;
  email: string;
  role: AssignableRole;
  planTier: PlanTier;
  weeklyLimit: number;
  /** The Active switch: an inactive account cannot sign in. */
  isActive: boolean;
};

type EditField = keyof EditUserForm;
const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'planTier',
  'weeklyLimit',
  'isActive',
  ...CHILD_SLOT_FIELDS,
] as const satisfies readonly EditField[];

// updateUserBody checks and normalises the form (trimmed names, a blank child name becomes null); its
// inferred input type is loose because of the generated child fields, hence the typed resolver.
export const editUserResolver = zodResolver(updateUserBody) as unknown as Resolver<EditUserForm, unknown, UpdateUserPayload>;

/** A child of the API (any slot, an empty one too) as the form shows them: what is not recorded is blank. */
const formChild = (child: PositionedChild<Partial<Record<ChildField, unknown>>>): PositionedChild<ChildFormValues> => ({
  position: child.position,
  ...(Object.fromEntries(CHILD_FIELDS.map((field) => [field, child[field] ?? BLANK_CHILD[field]])) as unknown as ChildFormValues),
});

/** Spec 5: a SUPER_ADMIN is shown as ADMIN (the role selector offers Parent and Admin only). */
export function initialValues(user: AdminUserDto): EditUserForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role === 'PARENT' ? 'PARENT' : 'ADMIN',
    planTier: user.planTier,
    weeklyLimit: user.weeklyLimit,
    // Each slot's child as the form shows them: what is not recorded is blank (childrenToSlots fills empty slots).
    ...childrenToSlots(slotsToChildren(user).map(formChild), BLANK_CHILD),
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
    const [nameField, limitField] = [childSlotField(slot, 'name'), childSlotField(slot, 'weeklyLimit')];
    if (dirty[nameField] && values[nameField]) body[limitField] = values[limitField];
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
