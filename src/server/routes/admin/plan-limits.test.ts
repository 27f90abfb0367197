import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, users, webhookConfigs } from '../../db/schema';
import { SESSION_COOKIE } from '../../services/auth/session-token';
import { accountRows } from '../../test-support/account-row';
import { NOW } from '../../test-support/clock';
import { readBody } from '../../test-support/test-server';
import { signWebhook } from '../../test-support/webhook-signing';
import { withApi } from '../../test-support/with-api';

// Issue 31, Settings → Plans applied: a CRM delivery or a CSV row that sets a family's plan gives each child the plan's
// weekly sessions unless it names a limit for that child. A new plan reaches every child; the same plan again only a
// child it adds. Through real HTTP: the office saves the plans, then the CRM delivers and the office imports.

const SECRET = 'test-crm-secret-plans-0123456789';
const MAPPINGS = JSON.stringify({
  email: 'contact.email',
  firstName: 'contact.firstName',
  lastName: 'contact.lastName',
  crmUserId: 'contact.id',
  planTier: 'plan.tier',
  firstChildName: 'children[0].name',
  firstChildWeeklyLimit: 'children[0].weeklyLimit',
  secondChildName: 'children[1].name',
  secondChildWeeklyLimit: 'children[1].weeklyLimit',
  thirdChildName: 'children[2].name',
});

const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => NOW, env: { WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000' } });
const db = () => server.database.db;

let endpoint = '';
beforeAll(async () => {
  endpoint = `crm-plans-test-${Date.now().toString(36)}`;
  await db().insert(webhookConfigs).values({ name: 'CRM plans', endpoint, fieldMappings: MAPPINGS, secretKey: SECRET });
  const saved = await admin.request('PUT', '/api/admin/settings/plans', { ONE: 2, TWO: 4, THREE: 6 });
  expect(saved.status).toBe(200);
});

let counter = 0;
let signedAt = Math.floor(NOW.getTime() / 1000) - 120;
async function deliver(payload: unknown) {
  const raw = JSON.stringify(payload);
  // Each delivery signed a second after the last (a later delivery of the same contact is never "older").
  signedAt += 1;
  const response = await fetch(`${server.baseUrl}/api/webhooks/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(SECRET, raw, signedAt) },
    body: raw,
  });
  return { status: response.status, body: await readBody(response) };
}

const kidsOf = async (email: string) => {
  const [account] = await accountRows(db(), and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt))!);
  const rows = await db()
    .select({ name: children.name, weeklyLimit: children.weeklyLimit })
    .from(children)
    .where(and(eq(children.familyId, account!.familyId!), isNull(children.removedAt)))
    .orderBy(asc(children.position));
  return { planTier: account!.planTier, children: rows.map((row) => `${row.name} ${row.weeklyLimit}`) };
};

describe('a plan set by the CRM', () => {
  it('gives a new family’s children the plan’s weekly sessions; a limit in the delivery wins', async () => {
    const id = `plan-contact-${++counter}`;
    const email = `${id}@example.com`;
    const res = await deliver({
      contact: { id, email, firstName: 'Jo', lastName: 'Plan' },
      plan: { tier: 'TWO' },
      children: [{ name: 'Maya' }, { name: 'Leo', weeklyLimit: 1 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await kidsOf(email)).toEqual({ planTier: 'TWO', children: ['Maya 4', 'Leo 1'] });
  });

  it('a new plan reaches every child without a limit of their own; the same plan again only a child it adds', async () => {
    const id = `plan-contact-${++counter}`;
    const email = `${id}@example.com`;
    const contact = { id, email, firstName: 'Sam', lastName: 'Plan' };
    expect((await deliver({ contact, plan: { tier: 'ONE' }, children: [{ name: 'Ava' }, { name: 'Noah', weeklyLimit: 5 }] })).status).toBe(201);
    expect(await kidsOf(email)).toEqual({ planTier: 'ONE', children: ['Ava 2', 'Noah 5'] });

    // Upgraded to THREE: both children get its 6, except where the delivery names a limit.
    const upgraded = await deliver({ contact, plan: { tier: 'THREE' }, children: [{ name: 'Ava' }, { name: 'Noah', weeklyLimit: 3 }] });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.message).toBe('Parent account updated: planTier, firstChildWeeklyLimit, secondChildWeeklyLimit');
    expect(await kidsOf(email)).toEqual({ planTier: 'THREE', children: ['Ava 6', 'Noah 3'] });

    // The office tunes Ava's limit; the CRM sends the same plan again with a third child: Ava keeps hers, Mia gets 6.
    const [account] = await accountRows(db(), eq(sql`lower(${users.email})`, email));
    await db().update(children).set({ weeklyLimit: 1 }).where(and(eq(children.familyId, account!.familyId!), eq(children.name, 'Ava')));
    const again = await deliver({ contact, plan: { tier: 'THREE' }, children: [{ name: 'Ava' }, { name: 'Noah' }, { name: 'Mia' }] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await kidsOf(email)).toEqual({ planTier: 'THREE', children: ['Ava 1', 'Noah 3', 'Mia 6'] });

    // A delivery without a plan changes no limit.
    expect((await deliver({ contact, children: [{ name: 'Ava' }] })).body.message).toBe('No changes: the account already matches');
    expect((await kidsOf(email)).children).toEqual(['Ava 1', 'Noah 3', 'Mia 6']);
  });
});

const CSV_MAPPING = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  planTier: 'Plan',
  firstChildName: 'Child 1',
  firstChildWeeklyLimit: 'Child 1 Limit',
  secondChildName: 'Child 2',
  secondChildWeeklyLimit: 'Child 2 Limit',
};

async function importCsv(lines: string[], mapping: Record<string, string> = CSV_MAPPING) {
  const form = new FormData();
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('csvFile', new Blob([lines.join('\n')], { type: 'text/csv' }), 'families.csv');
  const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
    body: form,
  });
  return { status: response.status, body: await readBody(response) };
}

describe('a plan set by a CSV row', () => {
  const header = 'Email,First Name,Last Name,Plan,Child 1,Child 1 Limit,Child 2,Child 2 Limit';

  it('gives a new family’s children the plan’s weekly sessions unless the row gives a limit; without a plan, the default', async () => {
    const res = await importCsv([
      header,
      'csv.two@import.test,Ada,Two,TWO,Ava,,Leo,1',
      'csv.three@import.test,Bo,Three,three,Mia,,,',
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toMatchObject({ created: 2, errors: 0 });
    expect(await kidsOf('csv.two@import.test')).toEqual({ planTier: 'TWO', children: ['Ava 4', 'Leo 1'] });
    expect(await kidsOf('csv.three@import.test')).toEqual({ planTier: 'THREE', children: ['Mia 6'] });

    // A file without a plan column: the create form's default limit, whatever the plans say.
    const { planTier: _tier, ...mappingWithoutPlan } = CSV_MAPPING;
    const plain = await importCsv(['Email,First Name,Last Name,Child 1,Child 1 Limit,Child 2,Child 2 Limit', 'csv.none@import.test,Cy,None,Zoe,,,'], mappingWithoutPlan);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(await kidsOf('csv.none@import.test')).toEqual({ planTier: 'ONE', children: ['Zoe 1'] });
  });

  it('a row that changes the plan reaches every child without a limit in the row; the same plan only a child added', async () => {
    expect((await importCsv([header, 'csv.up@import.test,Di,Up,ONE,Ava,,Noah,5'])).status).toBe(200);
    expect(await kidsOf('csv.up@import.test')).toEqual({ planTier: 'ONE', children: ['Ava 2', 'Noah 5'] });

    // Upgraded to TWO by a file that names only the first child: Ava and Noah (whom it leaves alone) both get 4.
    const { secondChildName: _name, secondChildWeeklyLimit: _limit, ...firstChildOnly } = CSV_MAPPING;
    const upgraded = await importCsv(['Email,First Name,Last Name,Plan,Child 1,Child 1 Limit', 'csv.up@import.test,Di,Up,TWO,Ava,'], firstChildOnly);
    expect(upgraded.body.summary, JSON.stringify(upgraded.body)).toMatchObject({ updated: 1, errors: 0 });
    expect(await kidsOf('csv.up@import.test')).toEqual({ planTier: 'TWO', children: ['Ava 4', 'Noah 4'] });

    // The office tunes Ava's limit; the same plan again (no limits in the row) keeps every child's.
    const [account] = await accountRows(db(), eq(sql`lower(${users.email})`, 'csv.up@import.test'));
    await db().update(children).set({ weeklyLimit: 1 }).where(and(eq(children.familyId, account!.familyId!), eq(children.name, 'Ava')));
    expect((await importCsv([header, 'csv.up@import.test,Di,Up,TWO,Ava,,Noah,'])).status).toBe(200);
    expect(await kidsOf('csv.up@import.test')).toEqual({ planTier: 'TWO', children: ['Ava 1', 'Noah 4'] });
  });
});
