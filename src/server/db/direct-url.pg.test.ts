import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import { createTestDatabase } from '../test-support/test-database';
import { openDatabase } from './client';

// DATABASE_DIRECT_URL: with DATABASE_URL behind a transaction-mode pooler, the migration lock and the read
// caches' LISTEN connection must use the direct address, the queries the pooled one.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let nowhere: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const url = new URL(database.url!);
  url.port = String(await freePort());
  nowhere = url.toString();
});
afterAll(async () => {
  await database?.close();
});

it('migrates and listens through the direct address, queries through the pooled one', async () => {
  // Pooled address unreachable, direct one fine: opening works (the migrations ran on the direct connection)
  // and a LISTEN subscription is confirmed; only the pooled queries fail.
  const handle = await openDatabase({ kind: 'postgres', url: nowhere, directUrl: database.url! });
  try {
    const resets: boolean[] = [];
    const subscription = await handle.listen('portal_changes', { message: () => undefined, reset: (connected) => resets.push(connected) });
    expect(resets).toEqual([true]);
    await subscription.close();
    await expect(handle.db.execute('select 1')).rejects.toThrow();
  } finally {
    await handle.close();
  }
});

it('without a direct address, the migrations use DATABASE_URL (an unreachable one fails the start)', async () => {
  await expect(openDatabase({ kind: 'postgres', url: nowhere })).rejects.toThrow();
  await expect(openDatabase({ kind: 'postgres', url: database.url!, directUrl: nowhere })).rejects.toThrow();
});
