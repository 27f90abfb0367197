import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Decision 014: a route or a service that opens a transaction, wakes the mailer or announces cache changes itself
// fails the lint step of `npm test` (eslint.config.js). Checked here on snippets placed where such code would live.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relativePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('one write path (lint)', () => {
  it('refuses a route that opens a transaction or kicks the mailer itself', async () => {
    const route = `export async function handler(app: { db: { transaction(f: () => Promise<void>): Promise<void> }; emailWorker: { kick(): void } }) {
  await app.db.transaction(async () => undefined);
  app.emailWorker.kick();
}
`;
    const messages = await messagesFor('src/server/routes/example.ts', route);
    expect(messages).toEqual([
      expect.stringContaining('never open a transaction'),
      expect.stringContaining('wakes the email worker'),
    ]);
  });

  it('refuses a service that announces cache changes or runs its own unit of work', async () => {
    const service = `declare function announce(db: unknown, topics: string[]): Promise<void>;
declare function runUnitOfWork(db: unknown, work: unknown, after: unknown): Promise<void>;
export async function service(db: unknown) {
  await announce(db, ['calendar']);
  await runUnitOfWork(db, null, null);
}
`;
    expect(await messagesFor('src/server/services/example/example.ts', service)).toHaveLength(2);
  });

  it('lets a route change data through request.unitOfWork', async () => {
    const route = `export async function handler(request: { unitOfWork(work: (tx: unknown) => Promise<void>): Promise<void> }) {
  await request.unitOfWork(async () => undefined);
}
`;
    expect(await messagesFor('src/server/routes/example.ts', route)).toEqual([]);
  });
});
