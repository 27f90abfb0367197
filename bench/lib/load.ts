/** The load: autocannon runs for the reads, a 50-in-flight loop for the bookings, the rush, sequential latency. */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon, { type AutocannonRequest } from 'autocannon';
import type { SignIn } from './databases';
import { messageOf, percentile, round, send } from './util';
import type { CpuSplit, FunctionTimes, WaitSample } from './probes';

export interface ReadRun {
  route: string;
  path: string;
  connections: number;
  seconds: number;
  /** autocannon's average of the per-second request counts. */
  reqPerSec: number;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * autocannon against one route: `connections` connections for `seconds`. With sign-ins, every request carries
 * the next parent's cookie in turn (several parents across the connections, not one cookie).
 */
export async function cannon(baseUrl: string, route: string, path: string, options: { connections: number; seconds: number; signIns?: SignIn[] }): Promise<ReadRun> {
  const signIns = options.signIns ?? [];
  let next = 0;
  const requests: AutocannonRequest[] | undefined = signIns.length
    ? [
        {
          method: 'GET',
          path,
          setupRequest: (request) => {
            const signIn = signIns[next++ % signIns.length]!;
            return { ...request, headers: { ...request.headers, cookie: signIn.cookie } };
          },
        },
      ]
    : undefined;
  const result = await autocannon({
    url: baseUrl + path,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  return {
    route,
    path,
    connections: options.connections,
    seconds: options.seconds,
    reqPerSec: round(result.requests.average, 1),
    requests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** A fresh Idempotency-Key per booking, as the web app sends with every attempt (decision 013). */
const bookingHeaders = () => ({ 'idempotency-key': randomUUID() });

export interface BookingRun {
  attempted: number;
  succeeded: number;
  failed: number;
  failures: Record<string, number>;
  seconds: number;
  bookingsPerSec: number;
  p50: number;
  p99: number;
  inFlight: number;
  /** CPU per booking (ms): the portal's process, our database's backends, the load generator (lib/probes.ts). */
  cpuPerBooking?: CpuSplit;
  /** With --probe: what the backends were doing (pg_stat_activity samples). */
  waits?: WaitSample;
  /** With --probe: PL/pgSQL functions' time and the tables' scans per booking (track_functions). */
  functions?: FunctionTimes;
}

/**
 * POST /api/bookings from many distinct parents, `inFlight` at a time over keep-alive connections, until every
 * parent booked once (each answer counted; the parents are sized for about `seconds` at the target rate). Each
 * parent books its own session for its one child. The requests go out through autocannon, whose per-request cost
 * is a fraction of node:http's: the load generator shares the two cores with the server and the database, and
 * what it spends is not the portal's.
 */
export async function bookingLoad(baseUrl: string, parents: Array<SignIn & { sessionId: string }>, options: { inFlight: number }): Promise<BookingRun> {
  const failures: Record<string, number> = {};
  let next = 0;
  let succeeded = 0;
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url: baseUrl,
    connections: Math.min(options.inFlight, parents.length),
    amount: parents.length,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (request) => {
          const parent = parents[next++ % parents.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', cookie: parent.cookie, ...bookingHeaders() },
            body: JSON.stringify({ sessionId: parent.sessionId, childNames: ['Runner'] }),
          };
        },
        onResponse: (status, body) => {
          lastAnswer = performance.now();
          if (status === 201) succeeded++;
          else {
            const key = `${status} ${messageOf(body)}`;
            failures[key] = (failures[key] ?? 0) + 1;
          }
        },
      },
    ],
  });
  const attempted = result.requests.total;
  // Up to the last answer: autocannon reports its end on its next one-second tick, which would add up to a second.
  const seconds = (lastAnswer - started) / 1000;
  for (const [kind, count] of [['errors', result.errors], ['timeouts', result.timeouts]] as const) {
    if (count) failures[kind] = count;
  }
  return {
    attempted,
    succeeded,
    failed: attempted - succeeded,
    failures,
    seconds: round(seconds, 2),
    bookingsPerSec: round(succeeded / seconds, 1),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    inFlight: options.inFlight,
  };
}

export interface RushRun {
  parents: number;
  capacity: number;
  created: number;
  conflicts: number;
  other: number;
  messages: Record<string, number>;
  ms: number;
  slowestMs: number;
}

/** Every rush parent at once (one connection each) on the one small session. */
export async function rush(baseUrl: string, parents: SignIn[], sessionId: string, capacity: number): Promise<RushRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parents.length });
  const started = performance.now();
  const answers = await Promise.all(
    parents.map((parent) =>
      send(agent, baseUrl, { method: 'POST', path: '/api/bookings', cookie: parent.cookie, json: { sessionId, childNames: ['Runner'] }, headers: bookingHeaders() }),
    ),
  );
  const ms = performance.now() - started;
  agent.destroy();
  const messages: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status === 201) continue;
    const key = `${answer.status} ${messageOf(answer.text)}`;
    messages[key] = (messages[key] ?? 0) + 1;
  }
  const created = answers.filter((a) => a.status === 201).length;
  const conflicts = answers.filter((a) => a.status === 409).length;
  return {
    parents: parents.length,
    capacity,
    created,
    conflicts,
    other: answers.length - created - conflicts,
    messages,
    ms: round(ms, 1),
    slowestMs: round(Math.max(...answers.map((a) => a.ms)), 1),
  };
}

export interface LatencyRun {
  route: string;
  path: string;
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  /** What the answer holds (sessions, bookings, users) for comparing demo and large data. */
  items: string;
}

/** One request at a time on one keep-alive connection: a warm-up of 100 requests, then `samples` timed ones, all 200. */
export async function sequentialLatency(
  baseUrl: string,
  route: string,
  path: string,
  cookie: string,
  samples: number,
  describe: (body: unknown) => string,
): Promise<LatencyRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let last = '';
  const warmUp = 100;
  for (let i = 0; i < samples + warmUp; i++) {
    const answer = await send(agent, baseUrl, { path, cookie });
    if (answer.status !== 200) throw new Error(`${route}: ${answer.status} ${answer.text.slice(0, 300)}`);
    if (i >= warmUp) times.push(answer.ms);
    last = answer.text;
  }
  agent.destroy();
  return {
    route,
    path,
    samples,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    bytes: Buffer.byteLength(last),
    items: describe(JSON.parse(last)),
  };
}
