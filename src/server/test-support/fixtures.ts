import { randomBytes, randomUUID } from 'node:crypto';
import { addDays, addMinutes } from 'date-fns';
import { startOfTorontoWeek, torontoTime } from '../../shared/rules/week';
import type { Database } from '../db/client';
import { children, classTypes, families, sessions, users } from '../db/schema';
import { testPasswordHash } from './password-hashes';
import { ApiClient } from './test-server';

const suffix = () => randomBytes(3).toString('hex');

/**
 * A class type for a test: open to every child (no age range, not girls-only) unless the test says otherwise, so the
 * children of createParent (nothing recorded) book it. Issue 31: a class with an age range needs each child's date of
 * birth, a girls-only one each child's sex (ELIGIBILITY_DETAILS_MISSING): a test about that gives the ages or
 * girls-only, and the children's details.
 */
export async function createClassType(db: Database, overrides: Partial<typeof classTypes.$inferInsert> = {}) {
  const code = overrides.code ?? `T${suffix()}`.toUpperCase();
  const [row] = await db
    .insert(classTypes)
    .values({ code, name: `Test class ${code}`, description: 'A class made by a test', minAge: null, maxAge: null, ...overrides })
    .returning();
  return row!;
}

export async function createSession(
  db: Database,
  input: { classTypeId: string; startsAt: Date; minutes?: number; capacity?: number; location?: string },
) {
  const [row] = await db
    .insert(sessions)
    .values({
      classTypeId: input.classTypeId,
      startsAt: input.startsAt,
      endsAt: addMinutes(input.startsAt, input.minutes ?? 60),
      capacity: input.capacity ?? 10,
      location: input.location ?? 'Main Gym',
    })
    .returning();
  return row!;
}

/** A parent with the given children ([name, weekly limit]); signs in with password 'secret-pass'. */
export async function createParent(db: Database, kids: Array<[string, number]>, emailPrefix = 'parent') {
  const email = `${emailPrefix}-${suffix()}@example.com`;
  // A family and its first guardian, the family's id being the guardian's (decision 027).
  const id = randomUUID();
  await db.insert(families).values({ id, planTier: 'TWO' });
  const [user] = await db
    .insert(users)
    .values({ id, familyId: id, email, firstName: 'Test', lastName: 'Parent', role: 'PARENT', passwordHash: await testPasswordHash('secret-pass') })
    .returning();
  if (kids.length) {
    await db.insert(children).values(kids.map(([name, weeklyLimit], i) => ({ familyId: id, name, weeklyLimit, position: i + 1 })));
  }
  return { id: user!.id, email, password: 'secret-pass' };
}

/** A new parent with the given children ([name, weekly limit]), signed in through the real login: its client beside it. */
export async function signInNewParent(server: { baseUrl: string; database: { db: Database } }, kids: Array<[string, number]>) {
  const parent = await createParent(server.database.db, kids);
  const api = new ApiClient(server.baseUrl);
  await api.login(parent.email, parent.password);
  return { ...parent, api };
}

/** `hour`:00 Toronto time on day `day` (0 = Monday) of the Toronto week after the one holding `now`. */
export function nextTorontoWeekAt(now: Date, day: number, hour: number): Date {
  const d = addDays(startOfTorontoWeek(now), 7 + day);
  return new Date(torontoTime(d.getFullYear(), d.getMonth() + 1, d.getDate(), hour).getTime());
}

/**
 * Another guardian of an existing family (issue 31), signed in through the real login: its own account (e-mail,
 * password 'secret-pass'), the family's id. `copyMe` is the account's e-mail copies (default on).
 */
export async function signInNewGuardian(
  server: { baseUrl: string; database: { db: Database } },
  familyId: string,
  options: { firstName?: string; copyMe?: boolean; phone?: string | null } = {},
) {
  const email = `guardian-${suffix()}@example.com`;
  const [user] = await server.database.db
    .insert(users)
    .values({
      familyId,
      email,
      firstName: options.firstName ?? 'Second',
      lastName: 'Guardian',
      role: 'PARENT',
      phone: options.phone ?? null,
      copyMe: options.copyMe ?? true,
      passwordHash: await testPasswordHash('secret-pass'),
    })
    .returning();
  const api = new ApiClient(server.baseUrl);
  await api.login(email, 'secret-pass');
  return { id: user!.id, email, password: 'secret-pass', familyId, api };
}
