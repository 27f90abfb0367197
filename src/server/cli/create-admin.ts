/**
 * npm run create-admin -- --email a@b.c --password secret [--first-name A --last-name B --role SUPER_ADMIN]
 * npm run create-admin -- --email a@b.c --reset-second-factors   (issue 34: the owner lost every passkey and code)
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadEnv } from '../env';
import { announce } from '../cache/announcements';
import { openDatabaseFromEnv } from '../db/open-from-env';
import { runUnitOfWork } from '../db/unit-of-work';
import { COMMON_PASSWORD, isCommonPassword } from '../services/auth/password-policy';
import { createAdmin } from '../services/users/create-admin';
import { resetFactors } from '../services/second-factor/factors';
import { users } from '../db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Office' },
    'last-name': { type: 'string', default: 'Admin' },
    role: { type: 'string', default: 'SUPER_ADMIN' },
    'reset-second-factors': { type: 'boolean', default: false },
  },
});

if (values['reset-second-factors']) {
  const email = z.email({ error: '--email must be a valid email address' }).safeParse(values.email?.trim().toLowerCase());
  if (!email.success) {
    console.error('--email must be a valid email address');
    process.exit(2);
  }
  const database = await openDatabaseFromEnv(loadEnv());
  try {
    const reset = await runUnitOfWork(
      database.db,
      async (tx) => {
        const [user] = await tx.select().from(users).where(and(eq(sql`lower(${users.email})`, email.data), isNull(users.deletedAt)));
        if (!user) return null;
        await resetFactors(tx, user.id);
        return user;
      },
      { announce: (topics) => announce(database.db, topics), mailQueued: () => undefined },
    );
    if (!reset) {
      console.error(`No account with the email ${email.data}.`);
      process.exitCode = 1;
    } else {
      console.log(`Removed every passkey, authenticator app and recovery code of ${reset.email}: sign in with the password, then add a factor again.`);
    }
  } finally {
    await database.close();
  }
  process.exit();
}

const input = z
  .object({
    email: z.email({ error: '--email must be a valid email address' }),
    password: z.string({ error: '--password is required' }).min(6, '--password must be at least 6 characters'),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    role: z.enum(['ADMIN', 'SUPER_ADMIN'], { error: '--role must be ADMIN or SUPER_ADMIN' }),
  })
  // Checked before the database is opened; the same rule as every other place a password is set.
  .refine((admin) => !isCommonPassword(admin.password, admin), { message: COMMON_PASSWORD, path: ['password'] })
  .safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    role: values.role,
  });
if (!input.success) {
  console.error(input.error.issues.map((issue) => issue.message).join('\n'));
  process.exit(2);
}

const database = await openDatabaseFromEnv(loadEnv());
try {
  // Not a request: the unit of work is run here (db/unit-of-work.ts). The account's change is announced to
  // the read caches of any running instance; no e-mail is queued.
  const user = await runUnitOfWork(database.db, (tx) => createAdmin(tx, input.data), {
    announce: (topics) => announce(database.db, topics),
    mailQueued: () => undefined,
  });
  console.log(`Created ${user.role} ${user.email} on ${database.kind}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
