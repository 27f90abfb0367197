import { z } from 'zod';
import { isIsoDateOrInstant } from './dates';
import { MAX_CHILDREN } from './users';

export const NO_CHILDREN_SELECTED = 'Please select at least one child for this session.';

const sessionId = (field: string) =>
  z.uuid({ error: `${field === 'sessionId' ? 'Session' : 'New session'} is required and must be a session id` });

export const createBookingBody = z.object({
  sessionId: sessionId('sessionId'),
  childNames: z
    .array(z.string().trim().min(1, 'Child names cannot be blank').max(100), { error: NO_CHILDREN_SELECTED })
    .min(1, NO_CHILDREN_SELECTED)
    .max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children can be booked at once`)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'Each child can be listed only once'),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const rescheduleBookingBody = z.object({ newSessionId: sessionId('newSessionId') });
export type RescheduleBookingBody = z.infer<typeof rescheduleBookingBody>;



export const childStatsQuery = z.object({
  week: z.string().trim().refine(isIsoDateOrInstant, 'week must be an ISO date (YYYY-MM-DD)').optional(),
});

export interface BookingDto {
  id: string;
  reference: string;
  sessionId: string;
  session: {
    startsAt: string;
    endsAt: string;
    location: string;
    classType: { id: string; code: string; name: string; description: string | null };
  };
  childNames: string[];
  status: string;
  createdAt: string;
  user: { firstName: string; lastName: string; email: string };
}

export interface ChildStat {
  name: string;
  used: number;
  limit: number;
  remaining: number;
}

export interface ChildStatsResponse {
  weekStart: string;
  children: ChildStat[];
}
