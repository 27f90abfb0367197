import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWeeks } from 'date-fns';
import { startOfTorontoWeek } from '../../shared/rules/week';
import { createTestDatabase } from '../test-support/test-database';
import type { DatabaseHandle } from './client';
import { BUILT_IN_SAMPLE_PAYLOAD, DEFAULT_FIELD_MAPPINGS_TEXT } from '../../shared/rules/field-mapping';
import { seedDemoData } from './seed';
import { ineligibility } from '../../shared/rules/eligibility';
import {
  bookingChildren,
  bookings,
  children,
  families,
  classTypes,
  fieldMappingRules,
  fieldMappingTemplates,
  sessions,
  users,
  webhookConfigs,
  webhookLogs,
} from './schema';

let database: DatabaseHandle;
// Seeded for a Saturday evening in Toronto, when most of the current week is already past.
const now = new Date('2026-11-22T04:34:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('demo data', () => {
  it('creates the README accounts with their roles, plans and children', async () => {
    const result = await seedDemoData(database.db, now);
    expect(result.created).toBe(true);
    const rows = await database.db.select({ user: users, family: families }).from(users).leftJoin(families, eq(families.id, users.familyId));
    const byEmail = new Map(rows.map(({ user, family }) => [user.email, { ...user, planTier: family?.planTier }]));
    expect(byEmail.get('owner@example.com')).toMatchObject({ role: 'SUPER_ADMIN', familyId: null });
    expect(byEmail.get('admin@example.com')).toMatchObject({ role: 'ADMIN', familyId: null });
    expect(byEmail.get('parent@example.com')).toMatchObject({ role: 'PARENT', planTier: 'TWO' });
    expect(byEmail.get('parent2@example.com')).toMatchObject({ role: 'PARENT', planTier: 'ONE' });
    const kids = await database.db
      .select({ email: users.email, name: children.name, limit: children.weeklyLimit })
      .from(children)
      .innerJoin(users, eq(users.familyId, children.familyId))
      .where(sql`${users.email} in ('parent@example.com', 'parent2@example.com')`)
      .orderBy(users.email, children.position);
    expect(kids).toEqual([
      { email: 'parent2@example.com', name: 'Maya', limit: 3 },
      { email: 'parent@example.com', name: 'Ava', limit: 2 },
      { email: 'parent@example.com', name: 'Leo', limit: 1 },
    ]);
  });

  it('gives every child a date of birth and sex, and books none into a class it may not take (issue 31)', async () => {
    const kids = await database.db.select().from(children);
    expect(kids.length).toBeGreaterThan(10);
    for (const kid of kids) expect([kid.name, kid.birthDate !== null, kid.sex !== null]).toEqual([kid.name, true, true]);
    const booked = await database.db
      .select({ child: children, classType: classTypes, startsAt: sessions.startsAt })
      .from(bookingChildren)
      .innerJoin(children, eq(children.id, bookingChildren.childId))
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId));
    expect(booked.length).toBeGreaterThan(20);
    const refused = booked.filter(({ child, classType, startsAt }) => ineligibility(child, classType, startsAt) !== null);
    expect(refused.map(({ child, classType }) => `${child.name} in ${classType.name}`)).toEqual([]);
  });

  it('has at least 4 class types, one of them girls-only', async () => {
    const types = await database.db.select().from(classTypes);
    expect(types.length).toBeGreaterThanOrEqual(4);
    expect(types.some((t) => t.girlsOnly)).toBe(true);
  });

  it('has sessions on every day from last week through the week after next, and a full one in this or next week', async () => {
    const first = addWeeks(startOfTorontoWeek(now), -1);
    const end = addWeeks(first, 4);
    const perDay = await database.db
      .select({ day: sql<string>`to_char(${sessions.startsAt} at time zone 'America/Toronto', 'YYYY-MM-DD')` })
      .from(sessions)
      .where(and(gte(sessions.startsAt, first), lt(sessions.startsAt, end)))
      .groupBy(sql`1`);
    expect(perDay).toHaveLength(28);

    const windowEnd = addWeeks(startOfTorontoWeek(now), 2);
    const full = await database.db
      .select()
      .from(sessions)
      .where(and(gte(sessions.startsAt, now), lt(sessions.startsAt, windowEnd), sql`${sessions.bookedCount} = ${sessions.capacity}`));
    expect(full.length).toBeGreaterThanOrEqual(1);
    const fewSpots = await database.db
      .select()
      .from(sessions)
      .where(and(gte(sessions.startsAt, now), lt(sessions.startsAt, windowEnd), sql`${sessions.capacity} - ${sessions.bookedCount} between 1 and 3`));
    expect(fewSpots.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps every session count equal to its confirmed booking children and every child within the weekly limit', async () => {
    const mismatched = await database.db.execute(sql`
      select s.id from ${sessions} s
      left join ${bookings} b on b.session_id = s.id and b.status = 'CONFIRMED'
      left join ${bookingChildren} bc on bc.booking_id = b.id
      group by s.id, s.booked_count having count(bc.child_id) <> s.booked_count`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);

    const perChildWeek = await database.db
      .select({
        childId: bookingChildren.childId,
        weekStart: sql<string>`date_trunc('week', ${sessions.startsAt} at time zone 'America/Toronto')`,
        used: sql<number>`count(*)::int`,
        limit: sql<number>`max(${children.weeklyLimit})`,
      })
      .from(bookingChildren)
      .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .innerJoin(children, eq(children.id, bookingChildren.childId))
      .groupBy(bookingChildren.childId, sql`2`);
    expect(perChildWeek.length).toBeGreaterThan(10);
    for (const row of perChildWeek) expect(row.used).toBeLessThanOrEqual(row.limit);
  });

  it('has the demo CRM webhook linked to its mapping template, and no invented logs', async () => {
    const configs = await database.db.select().from(webhookConfigs);
    expect(configs).toHaveLength(1);
    const [template] = await database.db.select().from(fieldMappingTemplates);
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(configs[0]).toMatchObject({
      name: 'CRM plan purchases',
      endpoint: 'crm-plans',
      description: expect.any(String),
      fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT,
      secretKey: 'demo-crm-secret-change-me-0001',
      isActive: true,
      templateId: template!.id,
      triggerCount: 0,
      lastTriggered: null,
    });
    expect(template).toMatchObject({ name: 'CRM plan purchase', source: 'crm-plans', isActive: true, createdById: admin!.id });
    expect(JSON.parse(template!.samplePayload!)).toEqual(BUILT_IN_SAMPLE_PAYLOAD);
    const rules = await database.db
      .select({
        sourcePath: fieldMappingRules.sourcePath,
        targetPath: fieldMappingRules.targetPath,
        required: fieldMappingRules.required,
        transform: fieldMappingRules.transform,
      })
      .from(fieldMappingRules)
      .where(eq(fieldMappingRules.templateId, template!.id))
      .orderBy(fieldMappingRules.order);
    expect(rules).toEqual([
      { sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'toLower' },
      { sourcePath: 'contact.firstName', targetPath: 'firstName', required: true, transform: 'trim' },
      { sourcePath: 'contact.lastName', targetPath: 'lastName', required: true, transform: 'trim' },
      { sourcePath: 'contact.id', targetPath: 'crmUserId', required: true, transform: 'none' },
      { sourcePath: 'plan.tier', targetPath: 'planTier', required: false, transform: 'toUpper' },
      { sourcePath: 'children[0].name', targetPath: 'firstChildName', required: false, transform: 'none' },
      { sourcePath: 'children[0].weeklyLimit', targetPath: 'firstChildWeeklyLimit', required: false, transform: 'none' },
      { sourcePath: 'children[1].name', targetPath: 'secondChildName', required: false, transform: 'none' },
      { sourcePath: 'children[1].weeklyLimit', targetPath: 'secondChildWeeklyLimit', required: false, transform: 'none' },
    ]);
    expect(await database.db.select().from(webhookLogs)).toEqual([]);
  });

  it('does nothing the second time', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect((await seedDemoData(database.db, now)).created).toBe(false);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after).toEqual(before);
    expect(await database.db.select({ id: webhookConfigs.id }).from(webhookConfigs)).toHaveLength(1);
    expect(await database.db.select({ id: fieldMappingTemplates.id }).from(fieldMappingTemplates)).toHaveLength(1);
  });
});
