import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed';
import { createClassType } from './fixtures';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { ApiClient, startTestServer, type TestServer } from './test-server';

/** The demo accounts a route test signs in as (README accounts of the seed). */
const ACTORS = {
  owner: DEMO_ACCOUNTS[0],
  admin: DEMO_ACCOUNTS[1],
  parent: DEMO_ACCOUNTS[2],
  parent2: DEMO_ACCOUNTS[3],
} as const;
export type Actor = keyof typeof ACTORS;

export interface WithApiOptions<A extends Actor> extends NonNullable<Parameters<typeof startTestServer>[0]> {
  /** The demo accounts to sign in as, once for the whole file (through the real login). */
  as?: A | readonly A[];
  /** Starts a real SMTP sink first and points the server at it (SMTP_URL). */
  smtp?: boolean;
  /** Creates a class type of this name for the file's sessions (`classType`). */
  classType?: string;
  /**
   * A server (database, SMTP sink, sign-ins) of its own for every test instead of one for the file: for tests
   * whose subject is state the server keeps, such as the login throttle's counters.
   */
  eachTest?: boolean;
}

export interface Api<A extends Actor> {
  /** The test server (usable from beforeAll on). */
  server: TestServer;
  /** The SMTP sink (with `smtp: true`). */
  smtp: SmtpSink;
  /** One signed-in client per actor; each keeps its cookie for the whole file. */
  clients: Record<A, ApiClient>;
  /** The signed-in actors' user ids. */
  userIds: Record<A, string>;
  /** The class type made with the `classType` option. */
  classType: { id: string; name: string };
}

/**
 * A stand-in for an object made in beforeAll: property reads go to the real object (methods bound to it), so
 * it can be destructured at the top of a test file.
 */
function later<T extends object>(name: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = get();
      if (!target) throw new Error(`withApi: ${name} is only there from beforeAll on`);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The route tests' fixture: the real app on a fresh database (startTestServer's options), an optional SMTP
 * sink, and the named demo accounts signed in once per file; everything is closed after the file.
 *
 *   const { server, clients: { admin } } = withApi({ as: 'admin', clock: () => NOW });
 */
export function withApi<A extends Actor = never>(options: WithApiOptions<A> = {}): Api<A> {
  const { as, smtp: wantsSmtp, classType: classTypeName, eachTest = false, ...serverOptions } = options;
  let classType: { id: string; name: string } | undefined;
  const actors: readonly A[] = as === undefined ? [] : typeof as === 'string' ? [as as A] : (as as readonly A[]);
  let server: TestServer | undefined;
  let smtp: SmtpSink | undefined;
  const signedIn = new Map<A, ApiClient>();
  const userIds = {} as Record<A, string>;

  (eachTest ? beforeEach : beforeAll)(async () => {
    signedIn.clear();
    if (wantsSmtp) smtp = await startSmtpSink();
    const env = { ...serverOptions.env, ...(smtp ? { SMTP_URL: smtp.url } : {}) };
    server = await startTestServer({ ...serverOptions, env });
    if (classTypeName) classType = await createClassType(server.database.db, { name: classTypeName });
    for (const actor of actors) {
      const client = new ApiClient(server.baseUrl);
      const { email, password } = ACTORS[actor];
      userIds[actor] = (await client.login(email, password)).body.user.id;
      signedIn.set(actor, client);
    }
  });
  (eachTest ? afterEach : afterAll)(async () => {
    await server?.close();
    await smtp?.close();
    server = undefined;
    smtp = undefined;
  });

  const clients = Object.fromEntries(actors.map((actor) => [actor, later(`the ${actor} client`, () => signedIn.get(actor))])) as Record<A, ApiClient>;
  return {
    server: later('the server', () => server),
    smtp: later('the SMTP sink', () => smtp),
    clients,
    userIds,
    classType: later('the class type (classType option)', () => classType),
  };
}
