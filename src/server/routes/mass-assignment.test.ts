import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserBody, updateUserBody } from '../../shared/schemas/admin-users';
import { createBookingBody } from '../../shared/schemas/bookings';
import { updateClassTypeBody } from '../../shared/schemas/classes';
import { bookings, classTypes, sessions, users } from '../db/schema';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Finding 11 (mass assignment): a body or query can only set the fields its schema lists. The schemas are
// zod objects in their default mode, which strips unknown keys, and the routes pass each field by name, so
// an extra field (userId, role, passwordHash, id) can never stand in for a trusted value.

const {
  server,
  clients: { parent, admin },
  userIds,
} = withApi({ as: ['parent', 'admin'] });
let otherId: string;
const OTHER_ID_GUESS = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  otherId = (await createParent(server.database.db, [['Zed', 2]], 'other-family')).id;
});

describe('mass assignment', () => {
  it('the schemas strip keys they do not list (zod object, strip mode)', () => {
    const booking = createBookingBody.parse({
      sessionId: '00000000-0000-4000-8000-000000000000',
      childNames: ['Ava'],
      userId: 'someone-else',
      actorId: 'someone-else',
    });
    expect(Object.keys(booking).sort()).toEqual(['childNames', 'sessionId']);
    // isActive is a listed field of the edit since issue 17 (the office's Active switch); adminRoleEndedAt is not.
    const update = updateUserBody.parse({ firstName: 'A', passwordHash: 'x', id: 'y', deletedAt: null, adminRoleEndedAt: null });
    expect(Object.keys(update)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(update).not.toHaveProperty('id');
    expect(update).not.toHaveProperty('adminRoleEndedAt');
    const created = createUserBody.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', passwordHash: 'x', role: 'PARENT', id: 'y' });
    expect(created).not.toHaveProperty('passwordHash');
    expect(created).not.toHaveProperty('id');
    const classType = updateClassTypeBody.parse({ name: 'N', description: null, classTypeId: 'other', code: 'X' });
    expect(Object.keys(classType).sort()).toEqual(['description', 'name']);
  });

  it('a booking with a userId or actorId of another family is the signed-in parent’s booking', async () => {
    const classType = await createClassType(server.database.db, { name: 'Mass Assignment Class' });
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: new Date(Date.now() + 2 * 86_400_000) });
    const res = await parent.post('/api/bookings', {
      sessionId: session.id,
      childNames: ['Ava'],
      userId: otherId,
      actorId: otherId,
      status: 'CANCELLED',
      user: { email: 'other@example.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user.email).toBe('parent@example.com');
    expect(res.body.status).toBe('CONFIRMED');
    const [row] = await server.database.db.select().from(bookings).where(eq(bookings.id, res.body.id));
    expect(row!.familyId).toBe(userIds.parent);
    expect((await server.database.db.select().from(bookings).where(eq(bookings.familyId, otherId))).length).toBe(0);
  });

  it('PATCH of a user with passwordHash, id, deletedAt or adminRoleEndedAt changes only the listed fields', async () => {
    const target = await createParent(server.database.db, [['Kit', 1]], 'patched-family');
    const [before] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    const res = await admin.request('PATCH', `/api/admin/users/${target.id}`, {
      firstName: 'Renamed',
      passwordHash: 'x',
      id: otherId,
      deletedAt: new Date().toISOString(),
      adminRoleEndedAt: new Date().toISOString(),
      crmUserId: 'crm-evil',
      notes: 'overwritten',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(target.id);
    const [after] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({
      firstName: 'Renamed',
      passwordHash: before!.passwordHash,
      deletedAt: null,
      isActive: before!.isActive,
      adminRoleEndedAt: null,
    });
    const [other] = await server.database.db.select().from(users).where(eq(users.id, otherId));
    expect(other!.firstName).toBe('Test');
    // The password still signs in.
    await new ApiClient(server.baseUrl).login(target.email, target.password);
  });

  it('POST of a user with passwordHash or id neither sets a password nor picks the id', async () => {
    const res = await admin.post('/api/admin/users', {
      firstName: 'New',
      lastName: 'Family',
      email: 'mass-assign-new@example.com',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      id: OTHER_ID_GUESS,
      passwordSet: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).not.toBe(OTHER_ID_GUESS);
    expect(res.body.passwordSet).toBe(false);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('PUT of a class type with another id, a code or girlsOnly changes only its name and description', async () => {
    const [first, second] = await server.database.db.select().from(classTypes).limit(2);
    const res = await admin.request('PUT', `/api/admin/classes/${first!.id}`, {
      name: 'Renamed Class',
      description: 'New words',
      classTypeId: second!.id,
      id: second!.id,
      code: 'HACKED',
      girlsOnly: !first!.girlsOnly,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: first!.id, name: 'Renamed Class', code: first!.code, girlsOnly: first!.girlsOnly });
    const [unchanged] = await server.database.db.select().from(classTypes).where(eq(classTypes.id, second!.id));
    expect(unchanged!.name).toBe(second!.name);
  });

  it('a parent cannot ask for cancelled sessions through the query', async () => {
    const classType = await createClassType(server.database.db, { name: 'Cancelled Class' });
    const session = await createSession(server.database.db, { classTypeId: classType.id, startsAt: new Date(Date.now() + 3 * 86_400_000) });
    await server.database.db.update(sessions).set({ status: 'CANCELLED' }).where(eq(sessions.id, session.id));
    const asParent = await parent.get(`/api/sessions?classTypeId=${classType.id}&includeCancelled=true`);
    expect(asParent.status).toBe(200);
    expect(asParent.body.sessions).toEqual([]);
    const asAdmin = await admin.get(`/api/sessions?classTypeId=${classType.id}`);
    expect(asAdmin.body.sessions.map((s: { id: string }) => s.id)).toEqual([session.id]);
  });

  it('no route spreads a request body, query or params into a service call', () => {
    const routesDir = path.dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    const spreads = files.flatMap((file) =>
      [...readFileSync(path.join(routesDir, file), 'utf8').matchAll(/\.\.\.\s*request\.(body|query|params)\b/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(spreads).toEqual([]);
  });
});
