import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/test-server';
import { createAdmin } from './create-admin';
import { withApi } from '../../test-support/with-api';

// The first administrator of an empty PostgreSQL database is made this way (npm run create-admin).
const { server } = withApi({ seed: false });

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

  it('refuses a second account with the same email, whatever its case', async () => {
    await expect(
      server.database.db.transaction((tx) =>
        createAdmin(tx, { email: 'BOSS@example.com', password: 'x-123456', firstName: 'A', lastName: 'B', role: 'ADMIN' }),
      ),
    ).rejects.toThrow('A user with the email boss@example.com already exists');
  });
});
