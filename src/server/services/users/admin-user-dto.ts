import type { AdminUserDto } from '../../../shared/schemas/admin-users';
import type { DbOrTx } from '../../db/client';
import { childDetails, childSlotFields, currentChildrenOf, userIdentityFields, type ChildRow } from './user-fields';
import type { UserRow } from './user-rules';

/** Shapes a user row and their current children (slot order) for the admin screens (never the password hash). */
export function toAdminUserDto(user: UserRow, kids: ChildRow[]): AdminUserDto {
  return {
    ...userIdentityFields(user),
    passwordSet: user.passwordHash !== null,
    isActive: user.isActive,
    children: kids.map((kid) => ({ id: kid.id, ...childDetails(kid) })),
    ...childSlotFields(kids),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Admin DTOs for several users, with their current (not removed) children read in one go. */
export async function loadAdminUserDtos(db: DbOrTx, rows: UserRow[]): Promise<AdminUserDto[]> {
  if (!rows.length) return [];
  const kids = await currentChildrenOf(
    db,
    rows.map((user) => user.id),
  );
  return rows.map((user) => toAdminUserDto(user, kids.get(user.id) ?? []));
}

export async function loadAdminUserDto(db: DbOrTx, user: UserRow): Promise<AdminUserDto> {
  const [dto] = await loadAdminUserDtos(db, [user]);
  return dto!;
}
