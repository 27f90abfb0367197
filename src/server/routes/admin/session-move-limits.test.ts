import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../../db/schema';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { at, NOW } from '../../test-support/clock';
import { booked } from '../../test-support/bookings';

// Moving a session into another Toronto week re-checks the booked children's weekly limits there (issue 17,
// item 14): refused with the children listed unless the office confirms; a move inside the week is not checked.
// The server's clock is pinned to Wednesday 2026-11-18 12:00 Toronto (booking window Nov 16 – Nov 29).

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW });

const db = () => server.database.db;

async function family(firstName: string, lastName: string, kids: Array<[string, number]>) {
  const parent = await createParent(db(), kids);
  await db().update(users).set({ firstName, lastName }).where(eq(users.id, parent.id));
  const api = new ApiClient(server.baseUrl);
  await api.login(parent.email, parent.password);
  return { ...parent, api };
}
const sessionRow = async (id: string) => (await db().select().from(sessions).where(eq(sessions.id, id)))[0]!;
const changeMails = (emails: string[]) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.toAddress, emails), like(emailOutbox.subject, 'Session changed:%')));

/** The form body of a session moved to `startsAt` (one hour long), as the edit dialog sends it. */
const moveBody = (session: { classTypeId: string; capacity: number; location: string }, startsAt: Date, extra: Record<string, unknown> = {}) => ({
  classTypeId: session.classTypeId,
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  capacity: session.capacity,
  location: session.location,
  ...extra,
});

describe('moving a booked session to another week', () => {
  let moved: Awaited<ReturnType<typeof createSession>>;
  let rivera: Awaited<ReturnType<typeof family>>;
  let chen: Awaited<ReturnType<typeof family>>;
  let okafor: Awaited<ReturnType<typeof family>>;

  beforeEach(async () => {
    const classType = await createClassType(db(), { name: 'Move Limits Class' });
    // This week's Thursday: the session the office moves. Next week's Tuesday: where some children already go.
    moved = await createSession(db(), { classTypeId: classType.id, startsAt: at(3, 10), capacity: 10 });
    const nextWeek = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 10), capacity: 10 });
    // Ava (limit 1) already has next week's session: the move would make it 2 of 1.
    // Leo (limit 2) has next week's session too: the move makes it 2 of 2, within the limit.
    rivera = await family('Rosa', 'Rivera', [['Ava', 1], ['Leo', 2]]);
    await booked(rivera.api, moved.id, ['Ava', 'Leo']);
    await booked(rivera.api, nextWeek.id, ['Ava', 'Leo']);
    // Maya (limit 1) has nothing next week: within the limit.
    chen = await family('Wei', 'Chen', [['Maya', 1]]);
    await booked(chen.api, moved.id, ['Maya']);
    // Noah (limit 2) already has two sessions next week: 3 of 2.
    okafor = await family('Ada', 'Okafor', [['Noah', 2]]);
    const nextWeekToo = await createSession(db(), { classTypeId: classType.id, startsAt: at(9, 10), capacity: 10 });
    await booked(okafor.api, moved.id, ['Noah']);
    await booked(okafor.api, nextWeek.id, ['Noah']);
    await booked(okafor.api, nextWeekToo.id, ['Noah']);
  });

  it('is refused (409) without a confirmation, listing each child over their limit with family, limit and count', async () => {
    const res = await admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(10, 10)));
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.weeklyLimitConflicts).toEqual([
      { childName: 'Ava', parentName: 'Rosa Rivera', weeklyLimit: 1, bookedThatWeek: 1 },
      { childName: 'Noah', parentName: 'Ada Okafor', weeklyLimit: 2, bookedThatWeek: 2 },
    ]);
    expect(res.body.message).toBe(
      'Moving this session to that week would put 2 children over their weekly limit: Ava (Rosa Rivera: 1 of 1 already booked that week), ' +
        'Noah (Ada Okafor: 2 of 2 already booked that week). Confirm to move it anyway.',
    );
    // Nothing changed and nobody was told.
    expect((await sessionRow(moved.id)).startsAt.toISOString()).toBe(moved.startsAt.toISOString());
    expect(await changeMails([rivera.email, chen.email, okafor.email])).toHaveLength(0);
  });

  it('goes through with confirmWeeklyLimits: true, and every family gets the change email', async () => {
    const res = await admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(10, 10), { confirmWeeklyLimits: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.startsAt).toBe(at(10, 10).toISOString());
    expect((await sessionRow(moved.id)).startsAt.toISOString()).toBe(at(10, 10).toISOString());
    const mails = await changeMails([rivera.email, chen.email, okafor.email]);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([rivera.email, chen.email, okafor.email].sort());
  });

  it('is not checked for a move inside the same week (the session itself already counts there)', async () => {
    // Friday of this week: Ava's 1 of 1 this week is this very session.
    const res = await admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(4, 17)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await sessionRow(moved.id)).startsAt.toISOString()).toBe(at(4, 17).toISOString());
  });

  it('needs no confirmation when nobody goes over the limit in the new week', async () => {
    // Two weeks ahead: nobody has anything booked there.
    const res = await admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(15, 10)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses a confirmation flag that is not a boolean', async () => {
    const res = await admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(10, 10), { confirmWeeklyLimits: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('confirmWeeklyLimits: confirmWeeklyLimits must be true or false');
  });
});

describe('a move racing a booking of the same child in the new week', () => {
  it('never lets both through: the weekly limit holds (run on PostgreSQL for real concurrency)', { timeout: 120_000 }, async () => {
    const classType = await createClassType(db(), { name: 'Race Class' });
    for (let round = 0; round < 5; round++) {
      const moved = await createSession(db(), { classTypeId: classType.id, startsAt: at(3, 6, round), capacity: 10 });
      const target = await createSession(db(), { classTypeId: classType.id, startsAt: at(8, 6, round), capacity: 10 });
      const racer = await family('Rae', `Racer${round}`, [['Milo', 1]]);
      await booked(racer.api, moved.id, ['Milo']);
      const [move, booking] = await Promise.all([
        admin.request('PUT', `/api/admin/sessions/${moved.id}`, moveBody(moved, at(9, 6, round))),
        racer.api.post('/api/bookings', { sessionId: target.id, childNames: ['Milo'] }),
      ]);
      const outcome = [move.status, booking.status];
      // Either the move went first (the booking is over the limit) or the booking did (the move needs a confirmation).
      expect([[200, 409], [409, 201]], JSON.stringify({ move: move.body, booking: booking.body })).toContainEqual(outcome);
    }
  });
});
