/**
 * Demo data, built relative to "now" so the calendar is always useful: four accounts from the README,
 * a dozen demo families, five class types and sessions on every day from last week's Monday to the
 * Sunday of the week after next (Toronto time), with a full session and a few nearly full ones.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addMinutes, subMonths, subYears } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import type { PlanTier } from '../../shared/schemas/users';
import { BUILT_IN_SAMPLE_PAYLOAD, DEFAULT_FIELD_MAPPINGS_TEXT, type MappingRule } from '../../shared/rules/field-mapping';
import { startOfTorontoWeek, torontoDateKey, torontoTime, inToronto } from '../../shared/rules/week';
import { ineligibility } from '../../shared/rules/eligibility';
import { hashPassword } from '../services/auth/password';
import type { Database, Tx } from './client';
import { seededRandom } from './seeded-random';
import {
  bookingChildren,
  bookings,
  children,
  classTypes,
  emergencyContacts,
  families,
  fieldMappingRules,
  fieldMappingTemplates,
  sessions,
  users,
  webhookConfigs,
} from './schema';

export const DEMO_ACCOUNTS = [
  { email: 'owner@example.com', password: 'owner-demo-1', firstName: 'Olivia', lastName: 'Owens', role: 'SUPER_ADMIN', planTier: 'ONE', kids: [] },
  { email: 'admin@example.com', password: 'admin-demo-1', firstName: 'Adam', lastName: 'Archer', role: 'ADMIN', planTier: 'ONE', kids: [] },
  { email: 'parent@example.com', password: 'parent-demo-1', firstName: 'Priya', lastName: 'Patel', role: 'PARENT', planTier: 'TWO', kids: [['Ava', 2, 10, 'F'], ['Leo', 1, 8, 'M']] },
  { email: 'parent2@example.com', password: 'parent-demo-2', firstName: 'Marcus', lastName: 'Chen', role: 'PARENT', planTier: 'ONE', kids: [['Maya', 3, 13, 'F']] },
  // Issue 34: a coach works the door (Check-in and the day's rosters only).
  { email: 'coach@example.com', password: 'coach-demo-1', firstName: 'Cory', lastName: 'Coach', role: 'COACH', planTier: 'ONE', kids: [] },
] as const;

/** Demo families filling the sessions; they sign in with FAMILY_PASSWORD. */
export const FAMILY_PASSWORD = 'family-demo-1';
/** Each child's name, age in whole years at the seed's day, and sex (issue 31: every demo child has both, so the age and girls-only rules show). */
const FAMILIES: Array<[string, string, Array<[string, number, 'F' | 'M']>]> = [
  ['Sofia', 'Martin', [['Lucas', 11, 'M'], ['Emma', 9, 'F']]],
  ['James', 'Wilson', [['Noah', 14, 'M']]],
  ['Amara', 'Okafor', [['Zara', 12, 'F'], ['Tobi', 6, 'M']]],
  ['Liam', 'Tremblay', [['Chloe', 15, 'F']]],
  ['Hannah', 'Kim', [['Ethan', 13, 'M'], ['Mia', 10, 'F']]],
  ['Diego', 'Alvarez', [['Mateo', 8, 'M']]],
  ['Grace', 'Singh', [['Arjun', 16, 'M'], ['Isla', 7, 'F']]],
  ['Owen', 'MacDonald', [['Finn', 9, 'M']]],
  ['Fatima', 'Haddad', [['Layla', 11, 'F']]],
  ['Ben', 'Roy', [['Jack', 12, 'M'], ['Lily', 14, 'F']]],
];

/** A birth date that makes the child `age` on the Toronto day of `now`, a few months past the birthday. */
function birthDateFor(now: Date, age: number, seed: number): string {
  return torontoDateKey(subMonths(subYears(now, age), 1 + (seed % 9)));
}

const CLASS_TYPES = [
  { code: 'SPEED', name: 'Speed & Agility', minAge: 8, maxAge: 14, girlsOnly: false, description: 'Sprint mechanics, footwork ladders and reaction drills to make young athletes quicker in every sport.' },
  { code: 'STRENGTH', name: 'Strength Foundations', minAge: 12, maxAge: 17, girlsOnly: false, description: 'Coached bodyweight and light-load strength training with a focus on safe technique and injury prevention.' },
  { code: 'GIRLS', name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true, description: 'A girls-only session mixing speed, strength and confidence-building games, led by female coaches.' },
  { code: 'HOOPS', name: 'Basketball Skills Lab', minAge: 10, maxAge: 16, girlsOnly: false, description: 'Ball handling, shooting form and court movement for players who want to sharpen their game.' },
  { code: 'MOVERS', name: 'Little Movers', minAge: 5, maxAge: 7, girlsOnly: false, description: 'Fun fundamentals for our youngest athletes: running, jumping, throwing and balance.' },
] as const;
type ClassCode = (typeof CLASS_TYPES)[number]['code'];

/** [hour, minute, class, location] by day of week (0 = Monday). */
const TIMETABLE: Array<Array<[number, number, ClassCode, string]>> = [
  [[16, 30, 'SPEED', 'Main Gym'], [18, 0, 'STRENGTH', 'Main Gym'], [19, 15, 'MOVERS', 'Field House']],
  [[16, 30, 'HOOPS', 'Court 2'], [18, 0, 'GIRLS', 'Main Gym']],
  [[16, 30, 'SPEED', 'Field House'], [18, 0, 'STRENGTH', 'Main Gym'], [19, 15, 'HOOPS', 'Court 2']],
  [[16, 30, 'HOOPS', 'Court 2'], [18, 0, 'GIRLS', 'Main Gym']],
  [[16, 30, 'SPEED', 'Main Gym'], [18, 0, 'HOOPS', 'Court 2']],
  [[9, 0, 'SPEED', 'Field House'], [10, 30, 'GIRLS', 'Main Gym'], [12, 0, 'HOOPS', 'Court 2']],
  [[10, 0, 'STRENGTH', 'Main Gym'], [11, 30, 'MOVERS', 'Field House']],
];

/**
 * The demo CRM webhook (its secret is a README demo value, to be changed) and the mapping template linked
 * to it, written for the shape of BUILT_IN_SAMPLE_PAYLOAD. No deliveries are invented: the logs start empty.
 */
export const DEMO_WEBHOOK = {
  name: 'CRM plan purchases',
  endpoint: 'crm-plans',
  description: 'Plan purchases from the CRM: creates or updates the family account (demo configuration).',
  secretKey: 'demo-crm-secret-change-me-0001',
} as const;
export const DEMO_TEMPLATE = {
  name: 'CRM plan purchase',
  source: 'crm-plans',
  description: 'Maps a CRM plan purchase (contact, plan and up to two children) onto a parent account.',
} as const;
const DEMO_TEMPLATE_RULES: Array<Omit<MappingRule, 'order'>> = [
  { sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'toLower' },
  { sourcePath: 'contact.firstName', targetPath: 'firstName', required: true, transform: 'trim' },
  { sourcePath: 'contact.lastName', targetPath: 'lastName', required: true, transform: 'trim' },
  { sourcePath: 'contact.id', targetPath: 'crmUserId', required: true, transform: 'none' },
  { sourcePath: 'plan.tier', targetPath: 'planTier', required: false, transform: 'toUpper' },
  { sourcePath: 'children[0].name', targetPath: 'firstChildName', required: false, transform: 'none' },
  { sourcePath: 'children[0].weeklyLimit', targetPath: 'firstChildWeeklyLimit', required: false, transform: 'none' },
  { sourcePath: 'children[1].name', targetPath: 'secondChildName', required: false, transform: 'none' },
  { sourcePath: 'children[1].weeklyLimit', targetPath: 'secondChildWeeklyLimit', required: false, transform: 'none' },
];

async function createDemoWebhook(tx: Tx, adminId: string, now: Date): Promise<void> {
  const [template] = await tx
    .insert(fieldMappingTemplates)
    .values({
      ...DEMO_TEMPLATE,
      isActive: true,
      samplePayload: JSON.stringify(BUILT_IN_SAMPLE_PAYLOAD, null, 2),
      createdById: adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: fieldMappingTemplates.id });
  await tx.insert(fieldMappingRules).values(DEMO_TEMPLATE_RULES.map((rule, order) => ({ ...rule, order, templateId: template!.id })));
  await tx.insert(webhookConfigs).values({
    ...DEMO_WEBHOOK,
    fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT,
    isActive: true,
    templateId: template!.id,
    createdAt: now,
    updatedAt: now,
  });
}

interface SeedChild {
  id: string;
  userId: string;
  name: string;
  weeklyLimit: number;
  birthDate: string | null;
  sex: 'F' | 'M' | null;
}

interface SeedSession {
  id: string;
  code: ClassCode;
  startsAt: Date;
  capacity: number;
  booked: number;
  week: number;
  dayIndex: number;
  hour: number;
}

async function createUser(
  tx: Tx,
  account: { email: string; password: string; firstName: string; lastName: string; role: string; planTier: PlanTier },
  kids: ReadonlyArray<readonly [string, number, number, 'F' | 'M']>,
  hash: (password: string) => Promise<string>,
  now: Date,
): Promise<{ id: string; kids: SeedChild[] }> {
  // A parent is a family's first guardian, the family's id being the account's (decision 027); staff have none.
  const userId = randomUUID();
  const familyId = account.role === 'PARENT' ? userId : null;
  if (familyId) {
    await tx.insert(families).values({ id: familyId, planTier: account.planTier, weeklyLimit: Math.max(1, ...kids.map(([, limit]) => limit)) });
  }
  await tx.insert(users).values({
    id: userId,
    familyId,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role,
    passwordHash: await hash(account.password),
  });
  const rows = kids.length
    ? await tx
        .insert(children)
        .values(
          kids.map(([name, weeklyLimit, age, sex], i) => ({
            familyId: familyId ?? userId,
            name,
            weeklyLimit,
            position: i + 1,
            birthDate: birthDateFor(now, age, name.length + i),
            sex,
          })),
        )
        .returning()
    : [];
  return {
    id: userId,
    kids: rows.map((r) => ({ id: r.id, userId, name: r.name, weeklyLimit: r.weeklyLimit, birthDate: r.birthDate, sex: r.sex })),
  };
}

/** The demo bookings, planned in memory and written together (two statements, not two per booking). */
interface PlannedBookings {
  bookings: Array<typeof bookings.$inferInsert>;
  children: Array<typeof bookingChildren.$inferInsert>;
  /** The seed's instant: a booking of a session started before it was checked in at the door, or (one in eight) not. */
  now: Date;
  /** Its own sequence, so that attendance does not change which children the rest of the seed books. */
  attendance: () => number;
}

function book(plan: PlannedBookings, session: SeedSession, kids: SeedChild[]): void {
  const id = randomUUID();
  plan.bookings.push({ id, familyId: kids[0]!.userId, sessionId: session.id, createdAt: addDays(session.startsAt, -3) });
  const checkedIn = session.startsAt < plan.now && plan.attendance() >= 0.125 ? addMinutes(session.startsAt, -5) : null;
  plan.children.push(
    ...kids.map((kid, i) => ({
      bookingId: id,
      childId: kid.id,
      childName: kid.name,
      position: i,
      ...(checkedIn && { checkedInAt: checkedIn, checkedInByName: 'Front desk' }),
    })),
  );
  session.booked += kids.length;
}

export interface SeedResult {
  created: boolean;
  sessions: number;
  bookings: number;
}

export interface SeedOptions {
  /**
   * Test-only injection point: how a demo password becomes its stored hash (tests pass argon2id hashes made
   * once per run). The portal itself never passes one: every account is hashed with the full argon2id cost.
   */
  hashPassword?: (password: string) => Promise<string>;
}

export async function seedDemoData(db: Database, now: Date = new Date(), options: SeedOptions = {}): Promise<SeedResult> {
  const hash = options.hashPassword ?? hashPassword;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
  if (existing) return { created: false, sessions: 0, bookings: 0 };

  return db.transaction(async (tx) => {
    const accounts: Record<string, { id: string; kids: SeedChild[] }> = {};
    for (const account of DEMO_ACCOUNTS) accounts[account.email] = await createUser(tx, account, account.kids, hash, now);
    const familyKids: SeedChild[][] = [];
    for (const [i, [firstName, lastName, names]] of FAMILIES.entries()) {
      const created = await createUser(
        tx,
        {
          email: `family${i + 1}@example.com`,
          password: FAMILY_PASSWORD,
          firstName,
          lastName,
          role: 'PARENT',
          planTier: names.length > 1 ? 'TWO' : 'ONE',
        },
        names.map(([name, age, sex]) => [name, 3, age, sex] as const),
        hash,
        now,
      );
      familyKids.push(created.kids);
    }

    const typeRows = await tx.insert(classTypes).values([...CLASS_TYPES]).returning();
    const typeIds = new Map(typeRows.map((row) => [row.code, row.id]));

    // Every day from last week's Monday to the Sunday of the week after next.
    const firstMonday = addDays(startOfTorontoWeek(now), -7);
    const rand = seededRandom(20_26);
    const planned: SeedSession[] = [];
    const values: Array<typeof sessions.$inferInsert> = [];
    for (let day = 0; day < 28; day++) {
      const date = inToronto(addDays(firstMonday, day));
      const dayIndex = day % 7;
      for (const [hour, minute, code, location] of TIMETABLE[dayIndex]!) {
        const startsAt = torontoTime(date.getFullYear(), date.getMonth() + 1, date.getDate(), hour, minute);
        const capacity = [12, 14, 16, 20][Math.floor(rand() * 4)]!;
        values.push({ classTypeId: typeIds.get(code)!, startsAt, endsAt: addMinutes(startsAt, 60), capacity, location });
        planned.push({ id: '', code, startsAt, capacity, booked: 0, week: Math.floor(day / 7), dayIndex, hour });
      }
    }
    const inserted = await tx.insert(sessions).values(values).returning({ id: sessions.id });
    inserted.forEach((row, i) => (planned[i]!.id = row.id));

    // A full session and a nearly full one next week, a nearly full one this week.
    const pick = (week: number, dayIndex: number, hour: number) =>
      planned.find((s) => s.week === week && s.dayIndex === dayIndex && s.hour === hour)!;
    const full = pick(2, 2, 18);
    const nearlyFull = pick(2, 3, 16);
    const thisWeekBusy = pick(1, 4, 16);
    full.capacity = 6;
    nearlyFull.capacity = 10;
    thisWeekBusy.capacity = 8;

    const allFamilyKids = familyKids.flat();
    const plan: PlannedBookings = { bookings: [], children: [], now, attendance: seededRandom(22) };
    const bookedPerWeek = new Map<string, number>();
    // Two sessions a week at most, and only classes the child may book (ages, girls-only: rules/eligibility.ts).
    const classOf = new Map(CLASS_TYPES.map((type) => [type.code, type]));
    const canBook = (kid: SeedChild, s: SeedSession) =>
      (bookedPerWeek.get(`${kid.id}:${s.week}`) ?? 0) < 2 && ineligibility(kid, classOf.get(s.code)!, s.startsAt) === null;
    const fill = (s: SeedSession, count: number) => {
      for (const kid of allFamilyKids) {
        if (s.booked >= count) break;
        if (!canBook(kid, s)) continue;
        book(plan, s, [kid]);
        bookedPerWeek.set(`${kid.id}:${s.week}`, (bookedPerWeek.get(`${kid.id}:${s.week}`) ?? 0) + 1);
      }
    };
    fill(full, 6);
    fill(nearlyFull, 8);
    fill(thisWeekBusy, 7);
    // Light, varied attendance elsewhere.
    for (const s of planned) {
      if (s === full || s === nearlyFull || s === thisWeekBusy) continue;
      fill(s, Math.floor(rand() * 5));
    }

    // The README accounts: a past booking and upcoming ones, all within their weekly limits.
    const parent = accounts['parent@example.com']!;
    const parent2 = accounts['parent2@example.com']!;
    const [ava, leo] = parent.kids;
    book(plan, pick(0, 5, 9), [ava!, leo!]);
    book(plan, pick(2, 1, 16), [ava!]);
    book(plan, pick(2, 0, 16), [parent2.kids[0]!]);
    await tx.insert(bookings).values(plan.bookings);
    await tx.insert(bookingChildren).values(plan.children);

    await createDemoWebhook(tx, accounts['admin@example.com']!.id, now);

    // Issue 31: what the door and the Family page show — a phone for each README family, an emergency contact, and
    // Leo's allergy flagged for the coaches.
    await tx.update(users).set({ phone: '416-555-0142' }).where(eq(users.id, parent.id));
    await tx.update(users).set({ phone: '647-555-0177' }).where(eq(users.id, parent2.id));
    await tx.insert(emergencyContacts).values({ familyId: parent.id, position: 1, name: 'Anita Patel', relationship: 'Grandmother', phone: '905-555-0123' });
    await tx
      .update(children)
      .set({ medicalNotes: 'Peanut allergy: EpiPen in the front pocket of his bag.', needsAttention: true, photoConsent: 'GIVEN' })
      .where(eq(children.id, leo!.id));

    // Every session's final capacity and booked count, in one statement.
    const counts = planned.map((s) => sql`(${s.id}::uuid, ${s.capacity}::int, ${s.booked}::int)`);
    await tx.execute(
      sql`update ${sessions} set capacity = v.capacity, booked_count = v.booked from (values ${sql.join(counts, sql`, `)}) as v(id, capacity, booked) where ${sessions.id} = v.id`,
    );
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(bookings);
    return { created: true, sessions: planned.length, bookings: count };
  });
}
