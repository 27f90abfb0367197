import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classTypes } from '../../db/schema';
import { createClassType } from '../../test-support/fixtures';
import type { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

const {
  server,
  clients: { admin, parent },
} = withApi({ as: ['admin', 'parent'] });

const db = () => server.database.db;
const put = (api: ApiClient, id: string, body: unknown) => api.request('PUT', `/api/admin/classes/${id}`, body);
const stored = async (id: string) => (await db().select().from(classTypes).where(eq(classTypes.id, id)))[0]!;

describe('PUT /api/admin/classes/:id', () => {
  it('renames a class type (trimmed) and stores a blank description as null; parents see the new name', async () => {
    const classType = await createClassType(db(), { code: 'CLSA', name: 'Old Name', minAge: 9, maxAge: 12, girlsOnly: true });
    const res = await put(admin, classType.id, { name: '  Speed Lab  ', description: '   ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: classType.id,
      code: 'CLSA',
      name: 'Speed Lab',
      description: null,
      minAge: 9,
      maxAge: 12,
      girlsOnly: true,
      defaultCapacity: 50,
      defaultLocation: 'Main Gym',
    });
    const row = await stored(classType.id);
    expect(row.name).toBe('Speed Lab');
    expect(row.description).toBeNull();
    // Code, ages and girls-only are not the form's to change.
    expect(row).toMatchObject({ code: 'CLSA', minAge: 9, maxAge: 12, girlsOnly: true });

    const seen = await parent.get('/api/classes');
    expect(seen.status).toBe(200);
    expect(seen.body.find((c: { id: string }) => c.id === classType.id)).toMatchObject({ name: 'Speed Lab', description: null });

    // A description is kept (trimmed); leaving it out clears it.
    expect((await put(admin, classType.id, { name: 'Speed Lab', description: ' Fast feet. ' })).body.description).toBe('Fast feet.');
    expect((await stored(classType.id)).description).toBe('Fast feet.');
    expect((await put(admin, classType.id, { name: 'Speed Lab' })).body.description).toBeNull();
    expect((await stored(classType.id)).description).toBeNull();
  });

  it("changes the class's session defaults (issue 33), keeps them when left out, and checks them as a session's", async () => {
    const classType = await createClassType(db(), { code: 'CLSD', name: 'Court Skills' });
    expect(await stored(classType.id)).toMatchObject({ defaultCapacity: 50, defaultLocation: 'Main Gym' });
    const res = await put(admin, classType.id, { name: 'Court Skills', defaultCapacity: 16, defaultLocation: '  Court 2 ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ defaultCapacity: 16, defaultLocation: 'Court 2' });
    // The spec's body (name and description only) keeps them.
    expect((await put(admin, classType.id, { name: 'Court Skills', description: 'Dribbling' })).body).toMatchObject({
      defaultCapacity: 16,
      defaultLocation: 'Court 2',
    });
    expect((await parent.get('/api/classes')).body.find((c: { id: string }) => c.id === classType.id)).toMatchObject({
      defaultCapacity: 16,
      defaultLocation: 'Court 2',
    });
    const refusals: [unknown, string][] = [
      [{ defaultCapacity: 0 }, 'defaultCapacity: Capacity must be at least 1'],
      [{ defaultCapacity: 101 }, 'defaultCapacity: Capacity cannot exceed 100'],
      [{ defaultCapacity: '20' }, 'defaultCapacity: Capacity must be a whole number'],
      [{ defaultCapacity: 2.5 }, 'defaultCapacity: Capacity must be a whole number'],
      [{ defaultLocation: '   ' }, 'defaultLocation: Location is required'],
      [{ defaultLocation: 'x'.repeat(101) }, 'defaultLocation: Location cannot exceed 100 characters'],
    ];
    for (const [fields, message] of refusals) {
      const refused = await put(admin, classType.id, { name: 'Court Skills', ...(fields as object) });
      expect({ fields, status: refused.status, message: refused.body.message, code: refused.body.code }).toEqual({
        fields,
        status: 400,
        message,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await stored(classType.id)).toMatchObject({ defaultCapacity: 16, defaultLocation: 'Court 2' });
  });

  it("requires a name ('Name is required'), changing nothing", async () => {
    const classType = await createClassType(db(), { code: 'CLSB', name: 'Keep Me' });
    for (const body of [{}, { name: '' }, { name: '    ' }, { name: null, description: 'x' }]) {
      const res = await put(admin, classType.id, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message: 'name: Name is required' });
    }
    expect((await put(admin, classType.id, { name: 'x'.repeat(101) })).body.message).toBe('name: Name cannot exceed 100 characters');
    expect((await stored(classType.id)).name).toBe('Keep Me');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await put(admin, id, { name: 'Anything' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Class type not found', code: 'NOT_FOUND' });
    }
  });

  it('is refused to a parent, changing nothing', async () => {
    const classType = await createClassType(db(), { code: 'CLSC', name: 'Untouched' });
    const res = await put(parent, classType.id, { name: 'Hijacked' });
    expect(res.status).toBe(403);
    expect((await stored(classType.id)).name).toBe('Untouched');
  });
});
