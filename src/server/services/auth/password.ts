import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when the password matches the hash. An account without a password yet (null: a set-password link is
 * pending) never matches, after the same work as a real check so it cannot be told apart by timing.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verifyAgainstDummy(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
