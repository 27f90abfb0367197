import type { AdminUserDto } from '../../../shared/schemas/admin-users';
import type { DbOrTx } from '../../db/client';
import { familiesOf, type FamilyRow } from '../family/family-rows';
import { childDetails, childSlotFields, currentChildrenOf, userIdentityFields, type ChildRow } from './user-fields';
import type { UserRow } from './user-rules';

/** Shapes an account, its family and the family's current children (slot order) for the admin screens (never the password hash). */
export function toAdminUserDto(user: UserRow, family: FamilyRow | null, kids: ChildRow[]): AdminUserDto {
  return {
    ...userIdentityFields(user, family),
    passwordSet: user.passwordHash !== null,
    isActive: user.isActive,
    children: kids.map((kid) => ({ id: kid.id, ...childDetails(kid) })),
    ...childSlotFields(kids),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Admin DTOs for several accounts, with their families and current (not removed) children read in one go. */
export async function loadAdminUserDtos(db: DbOrTx, rows: UserRow[]): Promise<AdminUserDto[]> {
  if (!rows.length) return [];
  const familyIds = rows.map((user) => user.familyId);
  const [families, kids] = await Promise.all([familiesOf(db, familyIds), currentChildrenOf(db, familyIds)]);
  return rows.map((user) =>
    toAdminUserDto(user, user.familyId ? (families.get(user.familyId) ?? null) : null, user.familyId ? (kids.get(user.familyId) ?? []) : []),
  );
}

export async function loadAdminUserDto(db: DbOrTx, user: UserRow): Promise<AdminUserDto> {
  const [dto] = await loadAdminUserDtos(db, [user]);
  return dto!;
}
