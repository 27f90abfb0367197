import type { ClassTypeDto, SessionDto, SessionStatus } from '../../../shared/schemas/sessions';
import type { classTypes, sessions } from '../../db/schema';

export function toClassTypeDto(row: typeof classTypes.$inferSelect): ClassTypeDto {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    minAge: row.minAge,
    maxAge: row.maxAge,
    girlsOnly: row.girlsOnly,
    defaultCapacity: row.defaultCapacity,
    defaultLocation: row.defaultLocation,
  };
}

export function toSessionDto(row: typeof sessions.$inferSelect, classType: typeof classTypes.$inferSelect): SessionDto {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    location: row.location,
    bookedCount: row.bookedCount,
    availableSpots: row.status === 'CANCELLED' ? 0 : Math.max(0, row.capacity - row.bookedCount),
    waitlistCount: row.waitlistCount,
    status: row.status as SessionStatus,
    classType: toClassTypeDto(classType),
  };
}
