import { z } from 'zod';
import { WAITLIST_STATUSES, waitlistHold, type AdminWaitlistEntryDto, type WaitlistEntryDto } from '../../../shared/schemas/waitlist';

/** An entry as portal_waitlist_facts (src/server/db/functions/portal_waitlist_facts.sql) describes it: the one shape the functions and the lists share. */
export const waitlistFacts = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  session: z.object({
    startsAt: z.string(),
    endsAt: z.string(),
    location: z.string(),
    classType: z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable() }),
  }),
  childNames: z.array(z.string()),
  status: z.enum(WAITLIST_STATUSES),
  position: z.number().int().nullable(),
  heldBack: z.array(waitlistHold),
  bookingId: z.string().nullable(),
  createdAt: z.string(),
  familyName: z.string(),
  email: z.string(),
});
export type WaitlistFacts = z.infer<typeof waitlistFacts>;

const iso = (value: string) => new Date(value).toISOString();

/** The office's view of an entry (the family's routes send it through waitlistEntryDto, which drops the office's fields). */
export function waitlistEntryFromFacts(facts: WaitlistFacts): AdminWaitlistEntryDto {
  return {
    id: facts.id,
    sessionId: facts.sessionId,
    session: { ...facts.session, startsAt: iso(facts.session.startsAt), endsAt: iso(facts.session.endsAt) },
    childNames: facts.childNames,
    status: facts.status,
    position: facts.position,
    heldBack: facts.heldBack,
    bookingId: facts.bookingId,
    createdAt: iso(facts.createdAt),
    userId: facts.userId,
    familyName: facts.familyName,
    email: facts.email,
  };
}

/** The family's view of an entry. */
export function toFamilyEntry({ userId: _userId, familyName: _familyName, email: _email, ...entry }: AdminWaitlistEntryDto): WaitlistEntryDto {
  return entry;
}
