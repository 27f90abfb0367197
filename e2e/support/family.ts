import { randomBytes } from 'node:crypto';
import { subDays, subYears } from 'date-fns';
import { test as base, expect, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { torontoDateKey } from '../../src/shared/rules/week';
import type { AdminUserDto } from '../../src/shared/schemas/admin-users';
import type { BookingDto } from '../../src/shared/schemas/bookings';
import type { SessionsListResponse } from '../../src/shared/schemas/sessions';
import { torontoSlot, WEEKDAY } from './calendar';
import { demoAccounts, type DemoAccount } from './login';

/**
 * Families of their own for the journeys that book, cancel or sign other devices out (epic-stack's pattern), so
 * that two workers never change the same family: the demo parent stays as seeded for the journeys that read it
 * (the dashboard's counts, the confirmation screen, the booking dialog's rules).
 *
 * A family is made like the demo parent (src/server/db/seed.ts), so a journey reads the same with either: plan
 * two, Ava (2 sessions a week; a girl of 11) and Leo (1; a boy of 10), and Ava booked into next Tuesday's 4:30 PM
 * Basketball Skills Lab. Issue 31: a class with an age range needs each child's date of birth, a girls-only one their
 * sex, so the children have both recorded (as the demo's). `{ details: false }` makes them with nothing recorded and
 * without the booking (that class would need Ava's date of birth): for the journeys that record them.
 * It is created through the app's own API by the demo administrator and removed again afterwards (its upcoming
 * bookings cancelled, then the account deleted), so the users list is back as it was.
 *
 * The seeded sessions are shared: a family books into them like any other, and no journey on this server counts
 * the spots of a seeded session (the reservations and sessions counts are checked on the office's own server,
 * see playwright.config.ts). New sessions are not created here: they would show on every other journey's calendar.
 */
export interface TestFamily extends DemoAccount {
  id: string;
  firstName: string;
  lastName: string;
}

/** The demo parent's upcoming booking, which every family gets too. */
const familyBooking = { className: 'Basketball Skills Lab', child: 'Ava', startsAt: () => torontoSlot(1, WEEKDAY.tuesday, 16, 30) };

let familiesMade = 0;

/** A date of birth that makes a child `years` old on every day of the next few weeks (Toronto's calendar). */
const birthDateAged = (years: number) => torontoDateKey(subDays(subYears(new Date(), years), 30));

/**
 * One worker's families: the demo administrator, signed in through the API once per worker (the worker's sign-ins
 * come one after another, well inside the sign-in throttle), creates and removes them.
 */
export class Families {
  private admin: Promise<APIRequestContext> | undefined;

  constructor(
    private readonly request: APIRequest,
    private readonly baseURL: string,
    private readonly workerIndex: number,
  ) {}

  /** A new family, signed out everywhere (the journey signs it in itself). */
  async create(options: { details?: boolean } = {}): Promise<TestFamily> {
    const details = options.details ?? true;
    familiesMade += 1;
    const tag = `${this.workerIndex}-${familiesMade}-${Date.now().toString(36)}`;
    const family = {
      email: `family.${tag}@example.com`,
      password: `Kite-${randomBytes(8).toString('hex')}`,
      firstName: 'Sam',
      lastName: `Young ${tag}`,
    };
    const created = await this.asAdmin((api) =>
      api.post('/api/admin/users', {
        data: {
          ...family,
          planTier: 'TWO',
          firstChildName: 'Ava',
          firstChildWeeklyLimit: 2,
          secondChildName: 'Leo',
          secondChildWeeklyLimit: 1,
          ...(details && { firstChildBirthDate: birthDateAged(11), firstChildSex: 'F', secondChildBirthDate: birthDateAged(10), secondChildSex: 'M' }),
        },
      }),
    );
    expect(created.status(), `creating the family ${family.email}: ${await created.text()}`).toBe(201);
    const { id } = (await created.json()) as AdminUserDto;
    if (!details) return { ...family, id };

    const api = await this.signedIn(family);
    try {
      const startsAt = familyBooking.startsAt();
      const day = torontoDateKey(startsAt);
      const list = (await (await api.get(`/api/sessions?from=${day}&to=${day}&limit=100&page=1`)).json()) as SessionsListResponse;
      const session = list.sessions.find((s) => s.startsAt === startsAt.toISOString() && s.classType.name === familyBooking.className);
      expect(session, `the seeded ${familyBooking.className} at ${startsAt.toISOString()}`).toBeDefined();
      const booked = await api.post('/api/bookings', { data: { sessionId: session!.id, childNames: [familyBooking.child] } });
      expect(booked.status(), `booking the family's first session: ${await booked.text()}`).toBe(201);
      // Signed out again, so the family's signed-in devices are only the journey's own browsers.
      expect((await api.post('/api/auth/logout')).status()).toBe(200);
    } finally {
      await api.dispose();
    }
    return { ...family, id };
  }

  /** Cancels the family's upcoming bookings and deletes the account (refused while it has upcoming bookings). */
  async remove(family: TestFamily): Promise<void> {
    const api = await this.signedIn(family);
    try {
      const bookings = (await (await api.get('/api/me/bookings')).json()) as BookingDto[];
      const upcoming = bookings.filter((b) => b.status === 'CONFIRMED' && new Date(b.session.startsAt).getTime() > Date.now());
      for (const booking of upcoming) {
        const cancelled = await api.post(`/api/bookings/${booking.id}/cancel`);
        expect(cancelled.status(), `cancelling the family's booking ${booking.id}: ${await cancelled.text()}`).toBe(200);
      }
    } finally {
      await api.dispose();
    }
    const deleted = await this.asAdmin((admin) => admin.delete(`/api/admin/users/${family.id}`));
    expect(deleted.status(), `deleting the family ${family.email}: ${await deleted.text()}`).toBe(200);
  }

  async dispose(): Promise<void> {
    const admin = await this.admin?.catch(() => undefined);
    await admin?.dispose();
  }

  /** A request context signed in as `account` through POST /api/auth/login. */
  private async signedIn(account: DemoAccount): Promise<APIRequestContext> {
    const api = await this.request.newContext({ baseURL: this.baseURL });
    const response = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    if (response.status() !== 200) {
      const answer = await response.text();
      await api.dispose();
      expect(response.status(), `signing ${account.email} in through the API: ${answer}`).toBe(200);
    }
    return api;
  }

  /** An administrator's call; signs in again once if the session has ended (an hour without use). */
  private async asAdmin(call: (api: APIRequestContext) => Promise<APIResponse>): Promise<APIResponse> {
    this.admin ??= this.signedIn(demoAccounts.admin);
    const api = await this.admin;
    const response = await call(api);
    if (response.status() !== 401) return response;
    const again = await api.post('/api/auth/login', { data: demoAccounts.admin });
    expect(again.status(), 'signing the administrator in again').toBe(200);
    return call(api);
  }
}

/**
 * `family` is a fresh family for one test; `families` (per worker) makes one for a serial file's beforeAll, whose
 * tests follow one family. Journeys that need neither import `test` from '@playwright/test'.
 */
export const test = base.extend<{ family: TestFamily; familyDetails: boolean }, { families: Families }>({
  /** Whether `family`'s children have a date of birth and sex recorded (test.use({ familyDetails: false }): none). */
  familyDetails: [true, { option: true }],
  families: [
    async ({ playwright }, use, workerInfo) => {
      const families = new Families(playwright.request, String(workerInfo.project.use.baseURL), workerInfo.workerIndex);
      await use(families);
      await families.dispose();
    },
    { scope: 'worker' },
  ],
  family: async ({ families, familyDetails }, use) => {
    const family = await families.create({ details: familyDetails });
    await use(family);
    await families.remove(family);
  },
});

export { expect };
