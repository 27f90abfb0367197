import { accountRows } from '../../test-support/account-row';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DATE_ORDER_INVALID } from '../../../shared/rules/import-cells';
import { torontoTime } from '../../../shared/rules/week';
import { CSV_MAX_BYTES, MAPPING_REQUIRED } from '../../../shared/schemas/admin-users';
import { children, emailOutbox, passwordTokens, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../services/auth/session-token';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient, readBody } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// POST /api/admin/users/import-csv through real HTTP: a browser-like multipart upload (fetch + FormData),
// on PGlite or on PostgreSQL when DATABASE_URL is set, with a real SMTP sink for the welcome e-mails.

const {
  server,
  smtp,
  clients: { admin },
} = withApi({ as: 'admin', smtp: true, clock: () => NOW, env: { BUSINESS_NAME: 'Test Athletics' } });

const db = () => server.database.db;

const MAPPING = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  password: 'Password',
  planTier: 'Plan',
  weeklyLimit: 'Sessions',
  firstChildName: 'Child 1',
  firstChildWeeklyLimit: 'Child 1 Limit',
  secondChildName: 'Child 2',
  secondChildWeeklyLimit: 'Child 2 Limit',
};
const HEADER = 'Email,First Name,Last Name,Password,Plan,Sessions,Child 1,Child 1 Limit,Child 2,Child 2 Limit';

interface UploadOptions {
  csv?: string | Blob;
  filename?: string;
  mapping?: unknown;
  /** The form field dateOrder (issue 33), sent when given. */
  dateOrder?: string;
  /** The mapping as sent, when it should not be JSON of `mapping`. */
  rawMapping?: string;
  as?: ApiClient;
}

/** A multipart upload as the wizard sends it: csvFile (a file) and columnMapping (JSON text). */
async function upload({ csv = '', filename = 'families.csv', mapping = MAPPING, rawMapping, dateOrder, as = admin }: UploadOptions) {
  const form = new FormData();
  form.append('columnMapping', rawMapping ?? JSON.stringify(mapping));
  if (dateOrder !== undefined) form.append('dateOrder', dateOrder);
  const blob = csv instanceof Blob ? csv : new Blob([csv], { type: 'text/csv' });
  form.append('csvFile', blob, filename);
  const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${as.cookie(SESSION_COOKIE)}` },
    body: form,
  });
  return { status: response.status, body: await readBody(response) };
}

/** A unique address per test, so tests do not see each other's accounts. */
let counter = 0;
const address = (name: string) => `${name}.${++counter}@import.test`;

const userByEmail = async (email: string) =>
  (await accountRows(db(), and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt))!))[0];
const childrenOf = (userId: string) =>
  db()
    .select()
    .from(children)
    .where(and(eq(children.familyId, userId), isNull(children.removedAt)))
    .orderBy(asc(children.position));
const countUsers = async (emails: string[]) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) in (${sql.join(emails.map((e) => sql`${e.toLowerCase()}`), sql`, `)})`)
  )[0]!.n;

describe('CSV format', () => {
  it('reads quoted cells with commas and line breaks, a BOM and CRLF line ends, and names the right line after them', async () => {
    const [a, b, c] = [address('quoted'), address('multiline'), address('after')];
    const csv =
      '\uFEFF' +
      [
        HEADER,
        `${a},"Anne, Marie","O'Brien, Jr",,two,3,"Lee, Jr",2,,`,
        `${b},"Multi`,
        `Line",Smith,,ONE,,Kid,,,`,
        `not-an-email,X,Y,,,,,,,`,
        `${c},Cal,Doe,,THREE,,,,,`,
      ].join('\r\n') +
      '\r\n';
    const res = await upload({ csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The quoted line break is read as part of the cell (the row spans lines 3–4), and a name is one line:
    // control characters, line breaks included, are refused in names (finding 8).
    expect(res.body).toMatchObject({
      summary: { processed: 4, created: 2, updated: 0, errors: 2 },
      errors: ['Line 3: First name contains characters that are not allowed', 'Line 5: Valid email is required'],
    });
    const anne = await userByEmail(a);
    expect(anne).toMatchObject({ firstName: 'Anne, Marie', lastName: "O'Brien, Jr", planTier: 'TWO', weeklyLimit: 3, role: 'PARENT' });
    expect((await childrenOf(anne!.id)).map((k) => [k.position, k.name, k.weeklyLimit])).toEqual([[1, 'Lee, Jr', 2]]);
    expect(await userByEmail(b)).toBeUndefined();
    expect(await userByEmail(c)).toMatchObject({ firstName: 'Cal', planTier: 'THREE' });
  });

  it('detects a semicolon delimiter from the header line (comma-decimal spreadsheets)', async () => {
    const [a, b] = [address('semi'), address('semi')];
    const csv = `Email;First Name;Last Name;Child 1\n${a};Zoé;Tremblay;"Léa; the younger"\n\n${b};Luc;Roy;\n`;
    const res = await upload({ csv, mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name', firstChildName: 'Child 1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toEqual({ processed: 2, created: 2, updated: 0, errors: 0 });
    const zoe = await userByEmail(a);
    expect(zoe).toMatchObject({ firstName: 'Zoé', lastName: 'Tremblay', planTier: 'ONE', weeklyLimit: 1 });
    expect((await childrenOf(zoe!.id)).map((k) => k.name)).toEqual(['Léa; the younger']);
    expect(await childrenOf((await userByEmail(b))!.id)).toEqual([]);
  });

  it('reads a file saved as Windows-1252 rather than UTF-8', async () => {
    const a = address('latin');
    const bytes = Uint8Array.from(Buffer.from(`Email,First Name,Last Name\n${a},\xc9milie,Gagn\xe9\n`, 'latin1'));
    const res = await upload({ csv: new Blob([bytes]), mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name' } });
    expect(res.body.summary).toMatchObject({ created: 1, errors: 0 });
    expect(await userByEmail(a)).toMatchObject({ firstName: 'Émilie', lastName: 'Gagné' });
  });

  it('stores a formula-looking cell exactly as written (neutralising is the exports’ job)', async () => {
    const a = address('formula');
    const res = await upload({ csv: `${HEADER}\n${a},@Ann,=SUM(A1),,,,"=HYPERLINK(""http://x"")",,,\n` });
    expect(res.body.summary).toMatchObject({ created: 1, errors: 0 });
    const user = await userByEmail(a);
    expect(user).toMatchObject({ firstName: '@Ann', lastName: '=SUM(A1)' });
    expect((await childrenOf(user!.id))[0]!.name).toBe('=HYPERLINK("http://x")');
  });

  it('refuses a file that is not CSV', async () => {
    const res = await upload({ csv: `${HEADER}\n"unclosed,quote,here\n` });
    expect(res).toEqual({ status: 400, body: { message: 'Unable to parse CSV file. Please check the format.', code: 'BAD_REQUEST' } });
  });
});

describe('rows', () => {
  it('reports each bad row by its line while the good rows import', async () => {
    const good = [address('good'), address('good'), address('good')];
    const csv = [
      HEADER,
      `${good[0]},Ok,One,,,,,,,`,
      `${address('bad')},,NoFirst,,,,,,,`,
      `${address('bad')},Short,Pass,abc,,,,,,`,
      `${address('bad')},Bad,Plan,,GOLD,,,,,`,
      `${address('bad')},Bad,Limit,,,9,,,,`,
      `${address('bad')},Bad,Kid,,,,Ava,0,,`,
      `${address('bad')},Twin,Kids,,,,Ava,1,ava,1`,
      `${good[1]},Ok,Two,,,,,,,`,
      `${address('bad')},Too,Short`,
      `${good[2]},Ok,Three,,,,,,,`,
    ].join('\n');
    const res = await upload({ csv });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      summary: { processed: 10, created: 3, updated: 0, errors: 7 },
      errors: [
        'Line 3: First name is required',
        'Line 4: Password must be at least 6 characters',
        'Line 5: Plan tier must be ONE, TWO or THREE',
        'Line 6: Weekly Sessions "9": write a whole number from 1 to 7, such as 2 or 2 per week',
        'Line 7: Child 1 Weekly Limit "0": write a whole number from 1 to 7, such as 2 or 2 per week',
        'Line 8: Each child needs a different name: "Ava" and "ava" name the same child',
        'Line 10: Expected 10 columns (as in the header), found 3',
      ],
    });
    expect(await countUsers(good)).toBe(3);
  });

  it('counts an email twice in one file once: the first row wins, the later one is reported', async () => {
    const a = address('twice');
    const csv = [HEADER, `${a},First,Row,,,,,,,`, `${address('other')},Other,Row,,,,,,,`, `${a.toUpperCase()},Second,Row,,,,,,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body).toMatchObject({
      summary: { processed: 3, created: 2, updated: 0, errors: 1 },
      errors: [`Line 4: duplicate of line 2 (${a})`],
    });
    expect(await countUsers([a])).toBe(1);
    expect(await userByEmail(a)).toMatchObject({ firstName: 'First' });

    // A row refused for its own reason does not claim the address: the next valid row is the first occurrence.
    const b = address('twice');
    const retry = await upload({ csv: [HEADER, `${b},Bad,Plan,,GOLD,,,,,`, `${b},Good,Plan,,TWO,,,,,`].join('\n') });
    expect(retry.body).toMatchObject({ summary: { processed: 2, created: 1, updated: 0, errors: 1 }, errors: ['Line 2: Plan tier must be ONE, TWO or THREE'] });
    expect(await userByEmail(b)).toMatchObject({ firstName: 'Good', planTier: 'TWO' });
  });

  it('creates nothing new when the same file is imported again', async () => {
    const emails = [address('again'), address('again'), address('again')];
    const csv = [HEADER, ...emails.map((e, i) => `${e},Again,${i},,TWO,2,Kid${i},3,,`)].join('\n');
    const first = await upload({ csv });
    expect(first.body.summary).toEqual({ processed: 3, created: 3, updated: 0, errors: 0 });
    const before = await Promise.all(emails.map(async (e) => childrenOf((await userByEmail(e))!.id)));
    const second = await upload({ csv });
    expect(second.body).toEqual({ summary: { processed: 3, created: 0, updated: 3, errors: 0 }, errors: [] });
    expect(await countUsers(emails)).toBe(3);
    const after = await Promise.all(emails.map(async (e) => childrenOf((await userByEmail(e))!.id)));
    expect(after).toEqual(before);
  });

  it('updates an existing account: names, plan, limit, children by slot, and the password only when the row has one', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 1],
    ]);
    const [ava] = await childrenOf(parent.id);
    const csv = [HEADER, `${parent.email.toUpperCase()},New,Name,,THREE,4,Ava-Rose,5,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body).toEqual({ summary: { processed: 1, created: 0, updated: 1, errors: 0 }, errors: [] });
    const user = await userByEmail(parent.email);
    expect(user).toMatchObject({ firstName: 'New', lastName: 'Name', planTier: 'THREE', weeklyLimit: 4, role: 'PARENT' });
    // Slot 1 renamed in place (same child row); slot 2 mapped and blank: removed.
    const kids = await childrenOf(parent.id);
    expect(kids.map((k) => [k.id, k.position, k.name, k.weeklyLimit])).toEqual([[ava!.id, 1, 'Ava-Rose', 5]]);
    // No password in the row: the old one still works, and no welcome e-mail was queued for an existing family.
    const family = new ApiClient(server.baseUrl);
    expect((await family.post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, parent.email));
    expect(queued).toEqual([]);

    // With a password in the row, the family signs in with it; unmapped columns keep their values.
    const withPassword = await upload({
      csv: `Email,First Name,Last Name,Password\n${parent.email},New,Name,brand-new-pass\n`,
      mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name', password: 'Password' },
    });
    expect(withPassword.body.summary).toMatchObject({ updated: 1, errors: 0 });
    // As when the office sets a password: the family's sessions end.
    expect((await family.get('/api/me')).status).toBe(401);
    expect((await family.post('/api/auth/login', { email: parent.email, password: 'brand-new-pass' })).status).toBe(200);
    expect(await userByEmail(parent.email)).toMatchObject({ planTier: 'THREE', weeklyLimit: 4 });
    expect((await childrenOf(parent.id)).map((k) => k.name)).toEqual(['Ava-Rose']);
    // The same password again changes nothing: the hash stays and the family stays signed in.
    const hash = (await userByEmail(parent.email))!.passwordHash;
    const again = await upload({
      csv: `Email,First Name,Last Name,Password\n${parent.email},New,Name,brand-new-pass\n`,
      mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name', password: 'Password' },
    });
    expect(again.body.summary).toMatchObject({ updated: 1, errors: 0 });
    expect((await userByEmail(parent.email))!.passwordHash).toBe(hash);
    expect((await family.get('/api/me')).status).toBe(200);
  });

  it('refuses, as that row\'s error, to remove a child with upcoming bookings, and leaves the whole row unchanged', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 1],
    ]);
    const type = await createClassType(db());
    const session = await createSession(db(), { classTypeId: type.id, startsAt: torontoTime(2026, 11, 19, 17, 0) });
    const family = new ApiClient(server.baseUrl);
    await family.login(parent.email, parent.password);
    expect((await family.post('/api/bookings', { sessionId: session.id, childNames: ['Leo'] })).status).toBe(201);
    const other = address('beside');
    const csv = [HEADER, `${parent.email},Changed,Name,,THREE,,Ava,2,,`, `${other},Beside,It,,,,,,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body).toMatchObject({
      summary: { processed: 2, created: 1, updated: 0, errors: 1 },
      errors: [`Line 2: ${parent.email}: Leo has 1 upcoming booking; cancel it before removing this child`],
    });
    expect(await userByEmail(parent.email)).toMatchObject({ firstName: 'Test', planTier: 'TWO' });
    expect((await childrenOf(parent.id)).map((k) => k.name)).toEqual(['Ava', 'Leo']);
    expect(await userByEmail(other)).toBeDefined();
  });

  it('never changes an administrator account', async () => {
    const csv = [HEADER, `ADMIN@example.com,Mallory,Takeover,hijack-pass,,,,,,`, `owner@example.com,X,Y,,,,,,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body).toMatchObject({
      summary: { processed: 2, created: 0, updated: 0, errors: 2 },
      errors: ['Line 2: admin@example.com is an administrator account and was not changed', 'Line 3: owner@example.com is an administrator account and was not changed'],
    });
    expect(await userByEmail('admin@example.com')).toMatchObject({ firstName: 'Adam', role: 'ADMIN' });
    expect(await userByEmail('owner@example.com')).toMatchObject({ firstName: 'Olivia', role: 'SUPER_ADMIN' });
  });

  it('never changes a coach account either (issue 34: staff accounts are the office’s)', async () => {
    const coach = await createParent(db(), [], 'import-coach');
    await db().update(users).set({ role: 'COACH' }).where(eq(users.id, coach.id));
    const csv = [HEADER, `${coach.email},Mallory,Takeover,hijack-pass,THREE,,Ava,2,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body).toMatchObject({
      summary: { processed: 1, created: 0, updated: 0, errors: 1 },
      errors: [`Line 2: ${coach.email} is a coach account and was not changed`],
    });
    expect(await userByEmail(coach.email)).toMatchObject({ firstName: 'Test', role: 'COACH' });
    expect(await childrenOf(coach.id)).toEqual([]);
  });

  it('sends a new family without a password a welcome email with a set-password link; a typed password signs in at once', async () => {
    const [linked, typed] = [address('welcome'), address('typed')];
    const csv = [HEADER, `${linked},Wendy,Welcome,,,,,,,`, `${typed},Tess,Typed,typed-pass-1,,,,,,`].join('\n');
    const res = await upload({ csv });
    expect(res.body.summary).toMatchObject({ created: 2, errors: 0 });

    const mail = await smtp.waitForMail(linked, 'Welcome to Test Athletics');
    expect(mail.text).toContain('Hello Wendy,');
    const link = /\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const user = await userByEmail(linked);
    expect(user!.passwordHash).toBeNull();
    const tokens = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.expiresAt.getTime()).toBe(NOW.getTime() + 72 * 3_600_000);

    // The same account the users tab creates: listed with its invitation pending; the link sets a password.
    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(linked)}`);
    expect(listed.body.users).toEqual([expect.objectContaining({ email: linked, role: 'PARENT', planTier: 'ONE', passwordSet: false })]);
    const family = new ApiClient(server.baseUrl);
    const set = await family.post('/api/auth/set-password', { token: link![1], newPassword: 'chosen-pass-1' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await family.post('/api/auth/login', { email: linked, password: 'chosen-pass-1' })).status).toBe(200);

    expect((await family.post('/api/auth/login', { email: typed, password: 'typed-pass-1' })).status).toBe(200);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, typed))).toEqual([]);
  });
});

describe("children's date of birth and sex columns (issue 22)", () => {
  const DETAILS_MAPPING = {
    email: 'Email',
    firstName: 'First Name',
    lastName: 'Last Name',
    firstChildName: 'Child 1',
    firstChildBirthDate: 'Child 1 DOB',
    firstChildSex: 'Child 1 Sex',
    secondChildName: 'Child 2',
    secondChildBirthDate: 'Child 2 DOB',
    secondChildSex: 'Child 2 Sex',
  };
  const DETAILS_HEADER = 'Email,First Name,Last Name,Child 1,Child 1 DOB,Child 1 Sex,Child 2,Child 2 DOB,Child 2 Sex';
  const details = async (email: string) =>
    (await childrenOf((await userByEmail(email))!.id)).map(({ name, birthDate, sex }) => [name, birthDate, sex]);

  it('stores them where given (sex as F/M, girl/boy, female/male in any case) and reports bad cells by line and column', async () => {
    const good = address('dob');
    const csv = [
      DETAILS_HEADER,
      `${good},Ok,Dates,Ava,2016-05-04,girl,Leo,,M`,
      `${address('bad')},Bad,Date,Ava,2016-02-30,,,,`,
      `${address('bad')},Bad,Slash,Ava,04/05/2016,F,,,`,
      `${address('bad')},Too,Old,Ava,1990-01-01,F,,,`,
      `${address('bad')},Future,Date,Ava,2999-01-01,F,,,`,
      `${address('bad')},Bad,Sex,Ava,,F,Leo,,X`,
    ].join('\n');
    const res = await upload({ csv, mapping: DETAILS_MAPPING });
    expect(res.body).toMatchObject({
      summary: { processed: 6, created: 1, updated: 0, errors: 5 },
      errors: [
        'Line 3: Child 1 Date of Birth "2016-02-30" is not a real date: check the month and day (YYYY-MM-DD)',
        // Without a dateOrder field (the wizard sends one: issue 33), only ISO dates are read.
        'Line 4: Child 1 Date of Birth "04/05/2016" is not a YYYY-MM-DD date: choose the file\'s date order (Month/Day/Year or Day/Month/Year) or write it as YYYY-MM-DD',
        'Line 5: Child 1 Date of Birth: Date of birth cannot be more than 25 years ago',
        'Line 6: Child 1 Date of Birth: Date of birth must be a real date in the past (YYYY-MM-DD)',
        'Line 7: Child 2 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded',
      ],
    });
    expect(await details(good)).toEqual([
      ['Ava', '2016-05-04', 'F'],
      ['Leo', null, 'M'],
    ]);
  });

  it('updates an existing family: a value sets, a blank cell keeps what is recorded, a blank child name ignores the slot', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 1],
    ]);
    await db().update(children).set({ birthDate: '2015-03-03', sex: 'F' }).where(and(eq(children.familyId, parent.id), eq(children.position, 1)));
    const res = await upload({ csv: [DETAILS_HEADER, `${parent.email},Test,Parent,Ava,,,Leo,2017-07-07,Boy`].join('\n'), mapping: DETAILS_MAPPING });
    expect(res.body).toEqual({ summary: { processed: 1, created: 0, updated: 1, errors: 0 }, errors: [] });
    expect(await details(parent.email)).toEqual([
      ['Ava', '2015-03-03', 'F'],
      ['Leo', '2017-07-07', 'M'],
    ]);
    // A file with only the date columns (no name column) changes the children already in those slots.
    const onlyDates = await upload({
      csv: `Email,First Name,Last Name,Child 1 DOB,Child 1 Sex\n${parent.email},Test,Parent,2015-04-04,female\n`,
      mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name', firstChildBirthDate: 'Child 1 DOB', firstChildSex: 'Child 1 Sex' },
    });
    expect(onlyDates.body.summary).toMatchObject({ updated: 1, errors: 0 });
    expect(await details(parent.email)).toEqual([
      ['Ava', '2015-04-04', 'F'],
      ['Leo', '2017-07-07', 'M'],
    ]);
  });
});

describe('a real spreadsheet (issue 33): date orders, sexes and limits as people write them, the rejected rows as a CSV', () => {
  const SHEET_MAPPING = {
    email: 'Email',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone',
    planTier: 'Plan',
    firstChildName: 'Child 1',
    firstChildBirthDate: 'Child 1 DOB',
    firstChildSex: 'Child 1 Sex',
    firstChildWeeklyLimit: 'Child 1 Limit',
    secondChildName: 'Child 2',
    secondChildBirthDate: 'Child 2 DOB',
    secondChildSex: 'Child 2 Sex',
  };
  const SHEET_HEADER = ['Email', 'First Name', 'Last Name', 'Phone', 'Plan', 'Child 1', 'Child 1 DOB', 'Child 1 Sex', 'Child 1 Limit', 'Child 2', 'Child 2 DOB', 'Child 2 Sex', 'Notes'];
  type Cells = [dob: string, sex: string, limit: string, secondDob?: string, secondSex?: string];

  /** 30 families as an office's spreadsheet has them: month/day/year mostly, ISO and day/month/year here and there. */
  function sheet() {
    const good: Cells[] = [
      ['03/14/2015', 'F', '2'],
      ['2015-03-14', 'girl', '2 per week'],
      ['04/05/2016', 'Male', '2/week', '01/02/2018', 'f'],
      ['02/29/2016', '', '2x'],
      ['12/31/2014', '-', '3 times a week'],
      ['6/7/2017', 'n/a', ''],
      ['2017-06-07', 'N/A', '1'],
      ['11/30/2013', 'boy', '2 x week', '2019-01-01', 'none'],
      ['', '', ''],
      ['01/01/2016', 'FEMALE', '2 sessions weekly'],
      ['10/10/2010', 'M', '3'],
      ['09/09/2019', 'unknown', '1 per week'],
      ['05/06/2015', 'F', '2/wk'],
      ['07/08/2014', 'M', '4'],
      ['08/07/2014', '?', '2'],
      ['2012-12-12', 'Girl', '1x'],
      ['03/03/2013', 'm', '7'],
      ['01/31/2016', 'f', '2 per week'],
      ['2016-01-31', '', '2'],
    ];
    const bad: Array<{ cells: Cells; first?: string; email?: string; phone?: string }> = [
      { cells: ['14/03/2015', 'F', '2'] },
      { cells: ['03/14/2015', 'F', '2', '25/12/2016', 'M'] },
      { cells: ['03/14/2015', 'X', '2'] },
      { cells: ['03/14/2015', 'F', '2', '2018-01-01', 'x'] },
      { cells: ['03/14/2015', 'F', 'twice a week'] },
      { cells: ['03/14/2015', 'F', '2 per month'] },
      { cells: ['03/14/15', 'F', '2'] },
      { cells: ['31/02/2015', 'F', '2'] },
      { cells: ['03/14/2015', 'F', '2'], email: 'sam.at.example.com' },
      { cells: ['30/04/2014', 'X', '2'] },
      // A rejected row whose cells start with formula characters: the CSV neutralises them, the import reads them back.
      { cells: ['13/01/2016', '-', '2'], first: '=HYPERLINK("x")', phone: '+1 416 555 0111' },
    ];
    const row = (email: string, first: string, phone: string, [dob, sex, limit, secondDob, secondSex]: Cells, n: number) => {
      const second = secondDob !== undefined ? [`Kid${n}b`, secondDob, secondSex ?? ''] : ['', '', ''];
      return [email, first, `Family${n}`, phone, n % 3 === 0 ? 'two' : 'ONE', `Kid${n}`, dob, sex, limit, ...second, 'call first'];
    };
    const goodRows = good.map((cells, i) => ({ email: address('sheet'), record: row('', 'Pat', '416-555-0100', cells, i) }));
    const badRows = bad.map(({ cells, first = 'Bad', email, phone = '' }, i) => ({ email: email ?? address('sheet'), record: row('', first, phone, cells, 100 + i) }));
    for (const r of [...goodRows, ...badRows]) r.record[0] = r.email;
    // Good and bad rows interleaved, as in the office's file: every third row from line 3 on is a bad one.
    const rows: string[][] = [];
    const queue = { good: [...goodRows], bad: [...badRows] };
    while (queue.good.length || queue.bad.length) {
      const next = (rows.length % 3 === 1 && queue.bad.length) || !queue.good.length ? queue.bad.shift()! : queue.good.shift()!;
      rows.push(next.record);
    }
    const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
    const text = [SHEET_HEADER, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
    return { text, rows, goodEmails: goodRows.map((r) => r.email), badEmails: badRows.map((r) => r.email) };
  }

  const childDetails = async (email: string) =>
    (await childrenOf((await userByEmail(email))!.id)).map(({ name, birthDate, sex, weeklyLimit }) => [name, birthDate, sex, weeklyLimit]);

  it('imports 19 of 30 rows; each rejected row says what to change; the rejected rows come back as a CSV to fix and import again', async () => {
    const { text, rows, goodEmails } = sheet();
    expect(rows).toHaveLength(30);
    const res = await upload({ csv: text, mapping: SHEET_MAPPING, dateOrder: 'MDY' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toEqual({ processed: 30, created: 19, updated: 0, errors: 11 });
    const lineOf = (email: string) => rows.findIndex((r) => r[0] === email) + 2;
    const bad = rows.filter((r) => /^Family1\d\d$/.test(r[2]!));
    const line = (i: number) => lineOf(bad[i]![0]!);
    expect(res.body.errors).toEqual([
      `Line ${line(0)}: Child 1 Date of Birth "14/03/2015" is not a month/day/year date: choose Day/Month/Year or write 2015-03-14`,
      `Line ${line(1)}: Child 2 Date of Birth "25/12/2016" is not a month/day/year date: choose Day/Month/Year or write 2016-12-25`,
      `Line ${line(2)}: Child 1 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded`,
      `Line ${line(3)}: Child 2 Sex "x" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded`,
      `Line ${line(4)}: Child 1 Weekly Limit "twice a week": write a whole number from 1 to 7, such as 2 or 2 per week`,
      `Line ${line(5)}: Child 1 Weekly Limit "2 per month": write a whole number from 1 to 7, such as 2 or 2 per week`,
      `Line ${line(6)}: Child 1 Date of Birth "03/14/15" has a 2-digit year: write the year in full, or the date as YYYY-MM-DD`,
      `Line ${line(7)}: Child 1 Date of Birth "31/02/2015" is not a real date in either order: check the day and month, or write it as YYYY-MM-DD`,
      `Line ${line(8)}: Valid email is required`,
      `Line ${line(9)}: Child 1 Date of Birth "30/04/2014" is not a month/day/year date: choose Day/Month/Year or write 2014-04-30; Child 1 Sex "X" cannot be recorded: write F (girl) or M (boy), or leave it blank when not recorded`,
      `Line ${line(10)}: Child 1 Date of Birth "13/01/2016" is not a month/day/year date: choose Day/Month/Year or write 2016-01-13`,
    ]);
    expect(await countUsers(goodEmails)).toBe(19);
    // Month/day/year as chosen, ISO always, Feb 29, blank-looking sexes not recorded, limits read from their words.
    const [g0, g1, g2, g3, g4, g5, , g7] = goodEmails;
    expect(await childDetails(g0!)).toEqual([['Kid0', '2015-03-14', 'F', 2]]);
    expect(await childDetails(g1!)).toEqual([['Kid1', '2015-03-14', 'F', 2]]);
    expect(await childDetails(g2!)).toEqual([
      ['Kid2', '2016-04-05', 'M', 2],
      ['Kid2b', '2018-01-02', 'F', 1],
    ]);
    expect(await childDetails(g3!)).toEqual([['Kid3', '2016-02-29', null, 2]]);
    expect(await childDetails(g4!)).toEqual([['Kid4', '2014-12-31', null, 3]]);
    // Plan TWO gives its children 2 a week unless the row names a limit (Settings → Plans).
    expect(await childDetails(g5!)).toEqual([['Kid5', '2017-06-07', null, 1]]);
    expect(await childDetails(g7!)).toEqual([
      ['Kid7', '2013-11-30', 'M', 2],
      ['Kid7b', '2019-01-01', null, 1],
    ]);

    // The rejected rows: the file's header and cells as they were, in file order, and what to change in an Error column.
    const rejected = parseCsv(res.body.rejectedRowsCsv, { bom: true }) as string[][];
    expect(rejected[0]).toEqual([...SHEET_HEADER, 'Error']);
    expect(rejected.slice(1).map((r) => r.slice(0, -1))).toEqual(
      bad.map((r) => r.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell))),
    );
    expect(rejected.slice(1).map((r) => r.at(-1))).toEqual(res.body.errors.map((e: string) => e.replace(/^Line \d+: /, '')));
    // Formula-safe: a spreadsheet shows these as text.
    expect(rejected.at(-1)!.slice(1, 4)).toEqual([`'=HYPERLINK("x")`, 'Family110', `'+1 416 555 0111`]);
    expect(res.body.rejectedRowsCsv.startsWith('\uFEFF')).toBe(true);
    expect(res.body.rejectedRowsCsv).toContain('\r\n');

    // Fixed as the Error column says (kept in the file: it is not mapped), and imported again: every row imports.
    const fixes: Record<string, string> = {
      '14/03/2015': '2015-03-14',
      '25/12/2016': '12/25/2016',
      X: '',
      x: 'M',
      'twice a week': '2',
      '2 per month': '1',
      '03/14/15': '03/14/2015',
      '31/02/2015': '2015-02-28',
      'sam.at.example.com': address('fixed'),
      '30/04/2014': '2014-04-30',
      '13/01/2016': '2016-01-13',
    };
    const fixed = rejected.map((r, i) => (i === 0 ? r : r.map((cell, c) => (c < SHEET_HEADER.length ? (fixes[cell] ?? cell) : cell))));
    const again = await upload({
      csv: fixed.map((r) => r.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n'),
      filename: 'families-rejected-rows.csv',
      mapping: SHEET_MAPPING,
      dateOrder: 'MDY',
    });
    expect(again.body).toEqual({ summary: { processed: 11, created: 11, updated: 0, errors: 0 }, errors: [] });
    expect(await childDetails(bad[1]![0]!)).toEqual([
      ['Kid101', '2015-03-14', 'F', 2],
      ['Kid101b', '2016-12-25', 'M', 1],
    ]);
    expect(await childDetails(bad[9]![0]!)).toEqual([['Kid109', '2014-04-30', null, 2]]);
    // The cells the CSV neutralised are stored as first written.
    expect(await userByEmail(bad[10]![0]!)).toMatchObject({ firstName: '=HYPERLINK("x")', phone: '+1 416 555 0111' });
    expect(await childDetails(bad[10]![0]!)).toEqual([['Kid110', '2016-01-13', null, 2]]);
  });

  it('reads the same dates day first when the wizard says Day/Month/Year', async () => {
    const [a, b] = [address('dmy'), address('dmy')];
    const csv = [SHEET_HEADER.join(','), `${a},Ann,Day,,,Ava,14/03/2015,F,2,Bo,04/05/2016,M,`, `${b},Ben,Day,,,Cy,03/14/2015,M,1,,,,`].join('\n');
    const res = await upload({ csv, mapping: SHEET_MAPPING, dateOrder: 'dmy' });
    expect(res.body).toMatchObject({
      summary: { processed: 2, created: 1, errors: 1 },
      errors: ['Line 3: Child 1 Date of Birth "03/14/2015" is not a day/month/year date: choose Month/Day/Year or write 2015-03-14'],
    });
    expect(await childDetails(a)).toEqual([
      ['Ava', '2015-03-14', 'F', 2],
      ['Bo', '2016-05-04', 'M', 1],
    ]);
  });

  it('keeps a semicolon file’s delimiter and an Error column already there', async () => {
    const a = address('semi');
    const csv = `Email;First Name;Last Name;Error\n${a};Ann;Semi;old message\nnot-an-email;Bo;Semi;\n`;
    const res = await upload({ csv, mapping: { email: 'Email', firstName: 'First Name', lastName: 'Last Name' }, dateOrder: 'MDY' });
    expect(res.body.summary).toEqual({ processed: 2, created: 1, updated: 0, errors: 1 });
    expect(res.body.rejectedRowsCsv).toBe('\uFEFFEmail;First Name;Last Name;Error\r\nnot-an-email;Bo;Semi;Valid email is required\r\n');
  });

  it('answers without rejectedRowsCsv when every row imports, and refuses an unknown date order with 400', async () => {
    const ok = await upload({ csv: `${HEADER}\n${address('all-good')},A,B,,,,,,,\n`, dateOrder: 'MDY' });
    expect(ok.body).toEqual({ summary: { processed: 1, created: 1, updated: 0, errors: 0 }, errors: [] });
    for (const dateOrder of ['YMD', 'month-first', 'M/D/Y']) {
      expect(await upload({ csv: `${HEADER}\n${address('order')},A,B,,,,,,,\n`, dateOrder })).toEqual({
        status: 400,
        body: { message: DATE_ORDER_INVALID, code: 'BAD_REQUEST' },
      });
    }
  });
});

describe('upload and mapping', () => {
  const small = `${HEADER}\nsomeone@import.test,A,B,,,,,,,\n`;

  it('refuses a mapping without email, first and last name, or one that is not JSON', async () => {
    for (const rawMapping of [JSON.stringify({ email: 'Email', firstName: 'First Name' }), JSON.stringify({ ...MAPPING, lastName: '' }), '{not json', '']) {
      expect(await upload({ csv: small, rawMapping })).toEqual({ status: 400, body: { message: MAPPING_REQUIRED, code: 'BAD_REQUEST' } });
    }
  });

  it('refuses a mapping that names a column the file does not have', async () => {
    const res = await upload({ csv: small, mapping: { ...MAPPING, planTier: 'Membership' } });
    expect(res).toEqual({ status: 400, body: { message: 'The column "Membership" (mapped to Plan Tier) is not in the CSV file', code: 'BAD_REQUEST' } });
  });

  it('refuses a file whose name does not end in .csv, a missing file and an empty file', async () => {
    expect(await upload({ csv: small, filename: 'families.xlsx' })).toEqual({ status: 400, body: { message: 'Please select a CSV file', code: 'BAD_REQUEST' } });
    expect(await upload({ csv: '', filename: 'empty.csv' })).toEqual({ status: 400, body: { message: 'The CSV file appears to be empty', code: 'BAD_REQUEST' } });
    expect(await upload({ csv: '\uFEFF\r\n  \r\n', filename: 'blank.CSV' })).toEqual({
      status: 400,
      body: { message: 'The CSV file appears to be empty', code: 'BAD_REQUEST' },
    });

    const form = new FormData();
    form.append('columnMapping', JSON.stringify(MAPPING));
    const res = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      body: form,
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: 'Please select a CSV file', code: 'BAD_REQUEST' } });
  });

  it('takes the fields in either order, and refuses a second file', async () => {
    const post = async (form: FormData) => {
      const res = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };
    const a = address('file-first');
    const fileFirst = new FormData();
    fileFirst.append('csvFile', new Blob([`${HEADER}\n${a},File,First,,,,,,,\n`]), 'first.csv');
    fileFirst.append('columnMapping', JSON.stringify(MAPPING));
    expect(await post(fileFirst)).toMatchObject({ status: 200, body: { summary: { created: 1 } } });

    const twoFiles = new FormData();
    twoFiles.append('columnMapping', JSON.stringify(MAPPING));
    twoFiles.append('csvFile', new Blob([small]), 'one.csv');
    twoFiles.append('csvFile', new Blob([small]), 'two.csv');
    expect(await post(twoFiles)).toEqual({ status: 400, body: { message: 'Please select one CSV file', code: 'BAD_REQUEST' } });
  });

  it('refuses a body that is not a multipart form', async () => {
    const res = await admin.post('/api/admin/users/import-csv', { csvFile: small, columnMapping: MAPPING });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/multipart\/form-data/);
  });

  it('refuses a file over 10 MB with 413 as soon as it passes the limit', async () => {
    const row = `${'x'.repeat(60)}@import.test,Big,File,,,,,,,\n`;
    const big = HEADER + '\n' + row.repeat(Math.ceil((CSV_MAX_BYTES + 512 * 1024) / row.length));
    expect(big.length).toBeGreaterThan(CSV_MAX_BYTES);
    const res = await upload({ csv: big, filename: 'big.csv' });
    expect(res).toEqual({ status: 413, body: { message: 'The CSV file is larger than 10 MB', code: 'PAYLOAD_TOO_LARGE' } });
    // A declared length that cannot fit is refused before any of it is read.
    const huge = await upload({ csv: new Blob([big, big.slice(0, 2_000_000)]), filename: 'huge.csv' });
    expect(huge).toEqual({ status: 413, body: { message: 'The CSV file is larger than 10 MB', code: 'PAYLOAD_TOO_LARGE' } });
    // The server is still fine afterwards.
    expect((await upload({ csv: `${HEADER}\n${address('after-big')},A,B,,,,,,,\n` })).body.summary).toMatchObject({ created: 1 });
  });

  it('answers 403 to a parent and 401 without a session, before reading the upload', async () => {
    const parent = new ApiClient(server.baseUrl);
    await parent.login('parent@example.com', 'parent-demo-1');
    const a = address('by-parent');
    expect(await upload({ csv: `${HEADER}\n${a},A,B,,,,,,,\n`, as: parent })).toEqual({
      status: 403,
      body: { message: 'Administrator access required', code: 'FORBIDDEN' },
    });
    expect(await upload({ csv: small, as: new ApiClient(server.baseUrl) })).toEqual({ status: 401, body: { message: 'Please sign in to continue', code: 'UNAUTHENTICATED' } });
    expect(await userByEmail(a)).toBeUndefined();
  });
});

describe('guardians in the file (issue 31)', () => {
  const GUARDIAN_MAPPING = {
    email: 'Email',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone',
    guardian2FirstName: 'Parent 2 First',
    guardian2LastName: 'Parent 2 Last',
    guardian2Email: 'Parent 2 Email',
    guardian2Phone: 'Parent 2 Phone',
    firstChildName: 'Child 1',
  };
  const GUARDIAN_HEADER = 'Email,First Name,Last Name,Phone,Parent 2 First,Parent 2 Last,Parent 2 Email,Parent 2 Phone,Child 1';
  const guardiansOf = async (email: string) => {
    const account = await userByEmail(email);
    return db()
      .select({ email: users.email, firstName: users.firstName, phone: users.phone, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.familyId, account!.familyId!), isNull(users.deletedAt)))
      .orderBy(asc(users.createdAt), asc(users.email));
  };

  it("puts the Phone column on the account and adds the second guardian with a set-password link; a second import updates them", async () => {
    const [a, b] = [address('guardian-one'), address('guardian-two')];
    const first = await upload({ csv: `${GUARDIAN_HEADER}\n${a},Nia,Okoro,416-555-0101,Sam,Okoro,${b},(647) 555-0102,Kai\n`, mapping: GUARDIAN_MAPPING });
    expect(first.body).toMatchObject({ summary: { created: 1, errors: 0 } });
    expect(await guardiansOf(a)).toEqual([
      { email: a, firstName: 'Nia', phone: '416-555-0101', passwordHash: null },
      { email: b, firstName: 'Sam', phone: '(647) 555-0102', passwordHash: null },
    ]);
    // The second guardian is invited as a new family is: a welcome e-mail with a set-password link.
    const welcome = await smtp.waitForMail(b, 'Welcome');
    expect(welcome.text).toMatch(/set-password/);

    const again = await upload({ csv: `${GUARDIAN_HEADER}\n${a},Nia,Okoro,416-555-0199,Samira,Okoro,${b},,Kai\n`, mapping: GUARDIAN_MAPPING });
    expect(again.body).toMatchObject({ summary: { updated: 1, errors: 0 } });
    expect(await guardiansOf(a)).toEqual([
      { email: a, firstName: 'Nia', phone: '416-555-0199', passwordHash: null },
      { email: b, firstName: 'Samira', phone: '(647) 555-0102', passwordHash: null },
    ]);
  });

  it("reports a bad phone and a second guardian's email that another account has, as those rows' errors", async () => {
    const [a, c] = [address('bad-phone'), address('taken-second')];
    const res = await upload({
      csv: `${GUARDIAN_HEADER}\n${a},Ana,Bell,12,,,,,Kim\n${c},Cy,Dunn,416-555-0103,Pri,Patel,parent@example.com,,Lou\n`,
      mapping: GUARDIAN_MAPPING,
    });
    expect(res.body.summary).toMatchObject({ created: 1, errors: 2 });
    expect(res.body.errors[0]).toMatch(/^Line 2: Phone: Enter a phone number/);
    expect(res.body.errors[1]).toBe(`Line 3: ${c}: A user with this email already exists`);
    expect(await userByEmail(a)).toBeUndefined();
    // The row's account was made; its refused second guardian left nothing behind.
    expect((await guardiansOf(c)).map((g) => g.email)).toEqual([c]);
  });
});
