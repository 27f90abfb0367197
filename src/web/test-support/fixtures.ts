/**
 * Answers of the API as the server gives them (typed by the shared schemas' DTOs) for the component tests: a
 * family, its children, a session of a class, a booking. Each takes overrides; nothing here is a rule.
 */
import { childrenToSlots } from '../../shared/schemas/children';
import type { BookingDto } from '../../shared/schemas/bookings';
import { startOfTorontoWeek } from '../../shared/rules/week';
import type { ClassTypeDto, SessionDto, SessionsListResponse } from '../../shared/schemas/sessions';
import type { Child, CurrentUser } from '../../shared/schemas/users';
import type { ChildProfile, FamilyResponse, Guardian } from '../../shared/schemas/family';
import type { WaitlistEntryDto } from '../../shared/schemas/waitlist';

/** A well-formed id (the API's ids are UUIDs and its bodies are checked as such): `kind` and a sequence number. */
export function uuid(kind: number, n: number): string {
  return `00000000-${kind.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function child(name: string, overrides: Partial<Child> = {}): Child {
  return { name, weeklyLimit: 2, birthDate: null, sex: null, ...overrides };
}

export function parent(children: Child[] = [child('Ava'), child('Leo')], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: uuid(0x05e4, 1),
    email: 'parent@example.com',
    firstName: 'Pat',
    lastName: 'Parent',
    role: 'PARENT',
    planTier: 'TWO',
    weeklyLimit: 2,
    usedThisWeek: 0,
    bookingReminders: true,
    guardians: [],
    children,
    ...childrenToSlots(children.map((c, i) => ({ position: i + 1, ...c }))),
    ...overrides,
  } as CurrentUser;
}

export function classType(overrides: Partial<ClassTypeDto> = {}): ClassTypeDto {
  return { id: uuid(0xc1a5, 1), code: 'SPEED', name: 'Speed & Agility', description: null, minAge: null, maxAge: null, girlsOnly: false, defaultCapacity: 50, defaultLocation: 'Main Gym', ...overrides };
}

let sessionSeq = 0;
/** A session `hoursAhead` hours from now (an hour long), 10 spots, none booked. */
export function session(hoursAhead = 48, overrides: Partial<SessionDto> = {}): SessionDto {
  const start = new Date(Date.now() + hoursAhead * 3_600_000);
  start.setUTCSeconds(0, 0);
  sessionSeq += 1;
  const capacity = overrides.capacity ?? 10;
  const bookedCount = overrides.bookedCount ?? 0;
  return {
    id: uuid(0x5e55, sessionSeq),
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
    capacity,
    location: 'Main Gym',
    bookedCount,
    availableSpots: capacity - bookedCount,
    waitlistCount: 0,
    status: 'SCHEDULED',
    classType: classType(),
    ...overrides,
  };
}

let bookingSeq = 0;
export function booking(of: SessionDto, childNames: string[], overrides: Partial<BookingDto> = {}): BookingDto {
  bookingSeq += 1;
  const id = uuid(0xb00c, bookingSeq);
  return {
    id,
    reference: `NB-${id.slice(-8).toUpperCase()}`,
    sessionId: of.id,
    session: { startsAt: of.startsAt, endsAt: of.endsAt, location: of.location, classType: { id: of.classType.id, code: of.classType.code, name: of.classType.name, description: of.classType.description } },
    childNames,
    childStates: childNames.map((name) => ({ name, state: overrides.status === 'CANCELLED' ? 'cancelled' : 'booked' })),
    status: 'CONFIRMED',
    bookedByGuardian: null,
    calendarSequence: 0,
    createdAt: new Date().toISOString(),
    user: { firstName: 'Pat', lastName: 'Parent', email: 'parent@example.com' },
    ...overrides,
  };
}

let entrySeq = 0;
/** A waiting entry of the family for `of`, `position` in line. */
export function waitlistEntry(of: SessionDto, childNames: string[], overrides: Partial<WaitlistEntryDto> = {}): WaitlistEntryDto {
  entrySeq += 1;
  return {
    id: uuid(0x3a17, entrySeq),
    sessionId: of.id,
    session: { startsAt: of.startsAt, endsAt: of.endsAt, location: of.location, classType: { id: of.classType.id, code: of.classType.code, name: of.classType.name, description: of.classType.description } },
    childNames,
    status: 'WAITING',
    position: 1,
    heldBack: [],
    bookingId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** GET /api/sessions's answer: one page holding `sessions`. */
export function sessionsPage(sessions: SessionDto[]): SessionsListResponse {
  return { sessions, total: sessions.length, totalPages: 1, page: 1, limit: 1000 };
}

/** A session at a Toronto wall-clock time of the current week (weeks = 0) or the next (1): day 0 is Monday. */
export function sessionAt(weeks: number, day: number, hour: number, minute = 0, overrides: Partial<SessionDto> = {}): SessionDto {
  const start = startOfTorontoWeek(new Date());
  start.setDate(start.getDate() + weeks * 7 + day);
  start.setHours(hour, minute, 0, 0);
  return session(0, { ...overrides, startsAt: new Date(start).toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() });
}

/** An office account: ADMIN by default, SUPER_ADMIN with `{ role: 'SUPER_ADMIN' }`. */
export function admin(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return parent([], { id: uuid(0xad31, 1), email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'ADMIN', ...overrides });
}

let guardianSeq = 0;
/** A guardian of the family (issue 31): has chosen a password, wants e-mail copies, not the signed-in one. */
export function guardian(firstName: string, overrides: Partial<Guardian> = {}): Guardian {
  guardianSeq += 1;
  return {
    id: uuid(0x6a4d, guardianSeq),
    firstName,
    lastName: 'Parent',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    copyMe: true,
    hasPassword: true,
    isYou: false,
    ...overrides,
  };
}

let profileSeq = 0;
/** A child's profile as the Family page reads it: nothing recorded yet. */
export function childProfile(name: string, overrides: Partial<ChildProfile> = {}): ChildProfile {
  profileSeq += 1;
  return { id: uuid(0xc41d, profileSeq), name, birthDate: null, sex: null, medicalNotes: null, needsAttention: false, photoConsent: null, ...overrides };
}

/** GET /api/me/family's answer (and the office's family page's `family` part). */
export function familyOf(parts: Partial<FamilyResponse> = {}): FamilyResponse {
  return {
    guardians: parts.guardians ?? [guardian('Pat', { isYou: true })],
    children: parts.children ?? [childProfile('Ava'), childProfile('Leo')],
    emergencyContacts: parts.emergencyContacts ?? [],
  };
}
