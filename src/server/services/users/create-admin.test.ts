import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../test-support/test-server';
import { createAdmin } from './create-admin';

// The first administrator of an empty PostgreSQL database is made this way (npm run create-admin).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

describe('createAdmin', () => {
  it('creates an administrator who can sign in on an empty database', async () => {
    const user = await server.database.db.transaction((tx) =>
      createAdmin(tx, { email: 'Boss@Example.com', password: 'first-admin-pass', firstName: 'Office', lastName: 'Admin', role: 'SUPER_ADMIN' }),
    );
    expect(user).toMatchObject({ email: 'boss@example.com', role: 'SUPER_ADMIN' });
    const api = new ApiClient(server.baseUrl);
    const res = await api.login('boss@example.com', 'first-admin-pass');
    expect(res.body.user.role).toBe('SUPER_ADMIN');
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    await expect(
      server.database.db.transaction((tx) =>
        createAdmin(tx, { email: 'BOSS@example.com', password: 'x-123456', firstName: 'A', lastName: 'B', role: 'ADMIN' }),
      ),
    ).rejects.toThrow('A user with the email boss@example.com already exists');
  });
});
