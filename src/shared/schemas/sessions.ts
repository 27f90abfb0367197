import { z } from 'zod';
import { endOfDay } from 'date-fns';
import { torontoMidnightOf } from '../rules/week';
import { isIsoDateOrInstant } from './dates';

/** Spec 9 / 7: the calendar asks for up to 1000 sessions at once. */
export const MAX_SESSIONS_PAGE_SIZE = 1000;

/** An instant; a bare date means the start (from) or the end (to) of that Toronto day. */
const instant = (field: string, edge: 'start' | 'end') =>
  z
    .string()
    .trim()
    .refine(isIsoDateOrInstant, `${field} must be an ISO date or date-time`)
    .transform((value) => {
      if (value.length !== 10) return new Date(value);
      const midnight = torontoMidnightOf(value);
      return new Date((edge === 'start' ? midnight : endOfDay(midnight)).getTime());
    });

export const listSessionsQuery = z
  .object({
    from: instant('from', 'start').optional(),
    to: instant('to', 'end').optional(),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_SESSIONS_PAGE_SIZE, `limit cannot exceed ${MAX_SESSIONS_PAGE_SIZE}`)
      .default(100),
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
    classCode: z.string().trim().min(1).max(50).optional(),
    classTypeId: z.uuid({ error: 'classTypeId must be a class type id' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), {
    message: 'from must not be after to',
    path: ['to'],
  });
export type ListSessionsQuery = z.input<typeof listSessionsQuery>;

export interface ClassTypeDto {
  id: string;
  code: string;
  name: string;
  description: string | null;
  minAge: number | null;
  maxAge: number | null;
  girlsOnly: boolean;
}

export interface SessionDto {
  id: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  location: string;
  bookedCount: number;
  availableSpots: number;
  classType: ClassTypeDto;
}

export interface SessionsListResponse {
  sessions: SessionDto[];
  total: number;
  totalPages: number;
}
