import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { AdminUserDto } from '../../../shared/schemas/admin-users';
import { apiRole, CHILD_SLOTS, type PlanTier } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children } from '../../db/schema';
import type { UserRow } from './user-rules';

type ChildRow = typeof children.$inferSelect;

/** Shapes a user row and their current children for the admin screens (never the password hash). */
export function toAdminUserDto(user: UserRow, kids: ChildRow[]): AdminUserDto {
  const slot = (index: number) => kids.find((kid) => kid.position === index + 1);
  const [first, second, third, fourth] = CHILD_SLOTS.map((_, index) => slot(index));
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
    firstChildName: first?.name ?? null,
    secondChildName: second?.name ?? null,
    thirdChildName: third?.name ?? null,
    fourthChildName: fourth?.name ?? null,
    firstChildWeeklyLimit: first?.weeklyLimit ?? null,
    secondChildWeeklyLimit: second?.weeklyLimit ?? null,
    thirdChildWeeklyLimit: third?.weeklyLimit ?? null,
    fourthChildWeeklyLimit: fourth?.weeklyLimit ?? null,
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
