import type { AdminWaitlistEntryDto, WaitlistEntryDto, WaitlistHold, WaitlistStatus } from '../../../shared/schemas/waitlist';

/** An entry as portal_waitlist_facts (src/server/db/functions/portal_waitlist_facts.sql) describes it: the one shape the functions and the lists share. */
export interface WaitlistFacts {
  id: string;
  userId: string;
  sessionId: string;
  session: {
    startsAt: string;
    endsAt: string;
    location: string;
    classType: { id: string; code: string; name: string; description: string | null };
  };
  childNames: string[];
  status: WaitlistStatus;
  position: number | null;
  heldBack: WaitlistHold[];
  bookingId: string | null;
  createdAt: string;
  familyName: string;
  email: string;
}

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
