import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LIMITS } from '../../../shared/schemas/settings';
import { businessSettings } from '../../db/schema';
import { withApi } from '../../test-support/with-api';

// Settings → Plans (issue 31): GET and PUT /api/admin/settings/plans. Who may call them is the authorization
// matrix's (authz-matrix.test.ts); here, what they answer and store.

const {
  server,
  clients: { admin, parent },
  userIds,
} = withApi({ as: ['admin', 'parent'] });

const db = () => server.database.db;
const stored = async () => (await db().select().from(businessSettings).where(eq(businessSettings.key, 'plans')))[0];

describe('/api/admin/settings/plans', () => {
  it('answers the defaults until the office saves, then what it saved, recording who and when', async () => {
    await db().delete(businessSettings).where(eq(businessSettings.key, 'plans'));
    const first = await admin.get('/api/admin/settings/plans');
    expect(first.status).toBe(200);
    expect(first.body).toEqual(DEFAULT_PLAN_LIMITS);
    expect(await stored()).toBeUndefined();

    const saved = await admin.request('PUT', '/api/admin/settings/plans', { ONE: 2, TWO: 4, THREE: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ONE: 2, TWO: 4, THREE: 7 });
    expect((await admin.get('/api/admin/settings/plans')).body).toEqual({ ONE: 2, TWO: 4, THREE: 7 });
    const row = await stored();
    expect(row).toMatchObject({ value: { ONE: 2, TWO: 4, THREE: 7 }, updatedByUserId: userIds.admin });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A field the setting does not know is not stored.
    await admin.request('PUT', '/api/admin/settings/plans', { ONE: 1, TWO: 2, THREE: 3, FOUR: 4 });
    expect((await stored())!.value).toEqual({ ONE: 1, TWO: 2, THREE: 3 });
  });

  it('refuses a value outside 1–7, not whole, missing or not a number, with the field named, and keeps what was saved', async () => {
    await admin.request('PUT', '/api/admin/settings/plans', { ONE: 1, TWO: 3, THREE: 5 });
    const cases: Array<[unknown, string]> = [
      [{ ONE: 0, TWO: 2, THREE: 3 }, 'ONE: Weekly sessions per child must be at least 1'],
      [{ ONE: 1, TWO: 8, THREE: 3 }, 'TWO: Weekly sessions per child cannot exceed 7'],
      [{ ONE: 1, TWO: 2, THREE: 2.5 }, 'THREE: Weekly sessions per child must be a whole number from 1 to 7'],
      [{ ONE: 1, TWO: 2 }, 'THREE: Weekly sessions per child must be a whole number from 1 to 7'],
      [{ ONE: '2', TWO: 2, THREE: 3 }, 'ONE: Weekly sessions per child must be a whole number from 1 to 7'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.request('PUT', '/api/admin/settings/plans', body);
      expect({ body, status: res.status, code: res.body.code, message: res.body.message }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED', message });
    }
    expect((await admin.get('/api/admin/settings/plans')).body).toEqual({ ONE: 1, TWO: 3, THREE: 5 });
  });

  it('a stored value that no longer fits reads as the defaults', async () => {
    await db()
      .insert(businessSettings)
      .values({ key: 'plans', value: { ONE: 9, TWO: 'two' } })
      .onConflictDoUpdate({ target: businessSettings.key, set: { value: { ONE: 9, TWO: 'two' } } });
    expect((await admin.get('/api/admin/settings/plans')).body).toEqual(DEFAULT_PLAN_LIMITS);
  });

  it('is the office’s: a parent is refused before the body is read', async () => {
    expect((await parent.get('/api/admin/settings/plans')).status).toBe(403);
    expect((await parent.request('PUT', '/api/admin/settings/plans', { ONE: 7, TWO: 7, THREE: 7 })).status).toBe(403);
  });
});
