import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { AdminUserDto } from '../../../shared/schemas/admin-users';
import { apiRole, type PlanTier } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children } from '../../db/schema';
import { childSlotFields } from './child-slot-fields';
import type { UserRow } from './user-rules';

type ChildRow = typeof children.$inferSelect;

/** Shapes a user row and their current children for the admin screens (never the password hash). */
export function toAdminUserDto(user: UserRow, kids: ChildRow[]): AdminUserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: apiRole(user.role),
    planTier: user.planTier as PlanTier,
    weeklyLimit: user.weeklyLimit,
    passwordSet: user.passwordHash !== null,
    children: [...kids]
      .sort((a, b) => a.position - b.position)
      .map((kid) => ({ id: kid.id, name: kid.name, weeklyLimit: kid.weeklyLimit })),
    ...childSlotFields(kids),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Admin DTOs for several users, with their current (not removed) children read in one query. */
export async function loadAdminUserDtos(db: DbOrTx, rows: UserRow[]): Promise<AdminUserDto[]> {
  if (!rows.length) return [];
  const kids = await db
    .select()
    .from(children)
    .where(
      and(
        inArray(
          children.userId,
          rows.map((user) => user.id),
        ),
        isNull(children.removedAt),
      ),
    )
    .orderBy(asc(children.position));
  return rows.map((user) =>
    toAdminUserDto(
      user,
      kids.filter((kid) => kid.userId === user.id),
    ),
  );
}

export async function loadAdminUserDto(db: DbOrTx, user: UserRow): Promise<AdminUserDto> {
  const [dto] = await loadAdminUserDtos(db, [user]);
  return dto!;
}
