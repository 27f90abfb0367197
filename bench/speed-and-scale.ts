/**
 * The speed-and-scale run (the default of `npm run bench`): the production bundle in its own process,
 * on PostgreSQL (with DATABASE_URL or --pg-url) and on PGlite, side by side in one run. See bench/README.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import {
  BOOKING_HISTORY,
  checkBookings,
  confirmationMail,
  COOKIE_NAME,
  createBenchDatabase,
  dropAllBenchDatabases,
  mailDrained,
  seedBookingFixture,
  seedDemo,
  seedLarge,
  type BenchDatabase,
  type BookingCheck,
  type DbKind,
  type LargeCounts,
  type MailDrain,
  type OpenDatabase,
} from './lib/databases';
import { bareInsertPglite, bareInsertPostgres, type BareInsertRun } from './lib/bare-insert';
import { summariseProfile } from './lib/cpu-profile';
import { bookingLoad, cannon, rush, sequentialLatency, type BookingRun, type LatencyRun, type ReadRun, type RushRun } from './lib/load';
import { explainRoutes, type ExplainedQuery, type PlanReport, type RoutePlan } from './lib/plans';
import { ensureBuild, gitCommit, projectRoot, startBare, startPortal, type Child } from './lib/processes';
import { printReport } from './lib/report';
import { CpuProbe, functionTimes, sampleWaits, trackFunctions } from './lib/probes';
import { checkWeekRush, combineRuns, seedWeekRush, signInFamilies, weekRush, WEEK_RUSH, type WeekRushCheck, type WeekRushRun } from './lib/week-rush';
import { routeQueries, type RouteQueries } from './lib/routes';
import { READ_ROUTES, ROUTE_LABELS, SCALE_ROUTES, TARGETS, type ReadRoute, type ScaleRoute } from './lib/targets';
import { round, send, type BenchOptions } from './lib/util';

export interface DbResult {
  kind: DbKind;
  reads?: Record<ReadRoute, ReadRun>;
  demoLatency?: Record<ScaleRoute, LatencyRun>;
  bookings?: {
    warmUp: BookingRun;
    run: BookingRun;
    check: BookingCheck;
    bare: BareInsertRun;
    parentsPrepared: number;
    sessions: number;
    history: typeof BOOKING_HISTORY;
    mail?: MailDrain;
  };
  rush?: RushRun;
  weekRush?: {
    warmUp: WeekRushRun;
    rounds: WeekRushRun[];
    run: WeekRushRun;
    check: WeekRushCheck;
    bare: BareInsertRun;
    shape: { families: number; bookingsPerFamily: number; sessions: number; capacities: string; weekStart: string };
    signInSeconds: number;
    mail?: MailDrain;
  };
  scale?:
    | {
        counts: LargeCounts;
        latency: Record<ScaleRoute, LatencyRun>;
        ratios: Record<ScaleRoute, number>;
        plans: Pick<PlanReport, 'searchUsesTrigramIndexes' | 'seqScans'> & {
          routes: Array<Omit<RoutePlan, 'queries'> & { queries: Array<Pick<ExplainedQuery, 'sql' | 'executionMs' | 'seqScans'>> }>;
        };
      }
    | { skipped: string };
  errors: string[];
}

export interface BenchResults {
  meta: Record<string, unknown>;
  options: BenchOptions;
  targets: typeof TARGETS;
  bare?: ReadRun;
  databases: DbResult[];
  checks: Array<{ name: string; ok: boolean; value: string; target: string; kind: 'target' | 'behaviour' }>;
  failures: string[];
}

const describe = {
  calendar: (body: unknown) => `${(body as { sessions: unknown[] }).sessions.length} sessions`,
  adminSessions: (body: unknown) => `${(body as { sessions: unknown[]; total: number }).sessions.length} of ${(body as { total: number }).total} sessions`,
  myBookings: (body: unknown) => `${(body as unknown[]).length} bookings`,
  adminUsers: (body: unknown) => `${(body as { users: unknown[] }).users.length} of ${(body as { total: number }).total} users`,
};

async function withServer<T>(db: BenchDatabase, logName: string, run: (server: Child) => Promise<T>, nodeArgs: string[] = []): Promise<T> {
  const server = await startPortal({ dataDir: db.dataDir, databaseUrl: db.url, logFile: path.join(db.dataDir, logName), nodeArgs });
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

async function prepare<T>(db: BenchDatabase, fill: (open: OpenDatabase) => Promise<T>): Promise<T> {
  const open = await db.open();
  try {
    return await fill(open);
  } finally {
    await open.close();
  }
}

async function scaleLatency(baseUrl: string, queries: RouteQueries, parentCookie: string, adminCookie: string, samples: number): Promise<Record<ScaleRoute, LatencyRun>> {
  return {
    calendar: await sequentialLatency(baseUrl, ROUTE_LABELS.calendar, queries.calendar.path, parentCookie, samples, describe.calendar),
    myBookings: await sequentialLatency(baseUrl, ROUTE_LABELS.myBookings, '/api/me/bookings', parentCookie, samples, describe.myBookings),
    adminSessions: await sequentialLatency(baseUrl, ROUTE_LABELS.adminSessions, queries.adminSessions.path, adminCookie, samples, describe.adminSessions),
    adminUsers: await sequentialLatency(baseUrl, ROUTE_LABELS.adminUsers, queries.adminUsers.path, adminCookie, samples, describe.adminUsers),
  };
}

const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

async function measureDatabase(kind: DbKind, options: BenchOptions, folder: string, stamp: string, plans: string[]): Promise<DbResult> {
  const result: DbResult = { kind, errors: [] };
  const now = new Date();
  const queries = routeQueries(now);
  const seconds = options.duration;
  const warmUp = Math.min(1, seconds / 2);

  // 1. Reads on the demo data, and the demo side of the scale comparison.
  if (options.scenarios.includes('reads')) {
    log(`${kind}: demo data, reads`);
    const db = await createBenchDatabase(kind, folder, `${stamp}_${kind}_demo`, options.pgUrl);
    try {
      const demo = await prepare(db, (open) => seedDemo(open, now));
      await withServer(db, 'server-demo.log', async (server) => {
        const paths: Record<ReadRoute, string> = { health: '/api/health', me: '/api/me', calendar: queries.calendar.path, myBookings: '/api/me/bookings' };
        // Each route answers 200 before it is loaded.
        const agent = new http.Agent({ keepAlive: false });
        for (const route of READ_ROUTES) {
          const answer = await send(agent, server.baseUrl, { path: paths[route], cookie: route === 'health' ? undefined : demo.parent.cookie });
          if (answer.status !== 200) throw new Error(`${paths[route]} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        }
        const reads = {} as Record<ReadRoute, ReadRun>;
        for (const route of READ_ROUTES) {
          const signIns = route === 'health' ? undefined : demo.parents;
          await cannon(server.baseUrl, ROUTE_LABELS[route], paths[route], { connections: options.connections, seconds: warmUp, signIns });
          reads[route] = await cannon(server.baseUrl, ROUTE_LABELS[route], paths[route], { connections: options.connections, seconds, signIns });
          log(`  ${ROUTE_LABELS[route]}: ${reads[route].reqPerSec} req/s, p99 ${reads[route].p99} ms, non-2xx ${reads[route].non2xx}, errors ${reads[route].errors}`);
        }
        result.reads = reads;
        result.demoLatency = await scaleLatency(server.baseUrl, queries, demo.parent.cookie, demo.admin.cookie, options.samples);
      });
    } catch (err) {
      result.errors.push(`reads: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await db.drop();
    }
  }

  // 2. Bookings: the bare insert reference, throughput with distinct parents, then the rush on one 20-spot
  // session; checked in the database.
  if (options.scenarios.includes('bookings')) {
    log(`${kind}: bookings`);
    const db = await createBenchDatabase(kind, folder, `${stamp}_${kind}_book`, options.pgUrl);
    try {
      const warmUpParents = 100;
      // Enough parents for about `seconds` of booking at each database's pace (every parent books once).
      const parentCount = warmUpParents + Math.ceil(seconds * (kind === 'postgres' ? 2000 : 400));
      const fixture = await prepare(db, async (open) => {
        await seedDemo(open, now);
        // A season of history first, as the portal has on a real Monday (statistics and plans of a used database).
        await seedLarge(open, now, BOOKING_HISTORY);
        return seedBookingFixture(open, now, parentCount, TARGETS.rush.parents, TARGETS.rush.capacity);
      });
      // The physical reference on the same fresh database, before the server starts (PGlite: one process at a time).
      const bare =
        kind === 'postgres'
          ? await bareInsertPostgres(db.url!, { seconds, inFlight: options.connections })
          : await prepare(db, (open) => bareInsertPglite(open, { seconds, inFlight: options.connections }));
      log(`  bare insert transaction: ${bare.transactions} in ${bare.seconds} s = ${bare.perSec}/s`);
      const profileDir = path.join(folder, `profile-${kind}`);
      const nodeArgs = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      if (options.probe && db.url) await trackFunctions(db.url);
      const { warm, run, rushRun, mail } = await withServer(db, 'server-bookings.log', async (server) => {
        const warm = await bookingLoad(server.baseUrl, fixture.parents.slice(0, warmUpParents), { inFlight: options.connections });
        const cpu = new CpuProbe(server.pid, db.url);
        const waits = options.probe && db.url ? sampleWaits(db.url) : null;
        const before = await cpu.snapshot();
        const run = await bookingLoad(server.baseUrl, fixture.parents.slice(warmUpParents), { inFlight: options.connections });
        run.cpuPerBooking = CpuProbe.split(before, await cpu.snapshot(), run.succeeded);
        await cpu.close();
        if (waits) run.waits = await waits.stop();
        log(`  bookings: ${run.succeeded} in ${run.seconds} s = ${run.bookingsPerSec}/s, failed ${run.failed}; CPU per booking ${JSON.stringify(run.cpuPerBooking)}`);
        if (run.waits) log(`    backends (${run.waits.busyBackends} busy on average): ${JSON.stringify(run.waits.shares)}`);
        const mailAtEnd = db.url ? await confirmationMail(db.url) : null;
        const rushRun = await rush(server.baseUrl, fixture.rushParents, fixture.rushSessionId, fixture.rushCapacity);
        log(`  rush: ${rushRun.created} × 201, ${rushRun.conflicts} × 409 in ${rushRun.ms} ms ${JSON.stringify(rushRun.messages)}`);
        const mail = db.url && mailAtEnd ? { sentDuringRun: mailAtEnd.sent, ...(await mailDrained(db.url)) } : undefined;
        if (mail) log(`  confirmation e-mails: ${mail.sentDuringRun} sent during the run; all ${mail.queued} sent ${mail.drainedAfterSeconds ?? 'not'} s after it`);
        return { warm, run, rushRun, mail };
      }, nodeArgs);
      if (options.cpuProf) log(`  CPU profile of the booking server (warm-up, run and rush):\n${summariseProfile(profileDir)}`);
      if (options.probe && db.url) run.functions = await functionTimes(db.url, warm.succeeded + run.succeeded + rushRun.created);
      if (run.functions) log(`  PL/pgSQL and tables per booking (warm-up, run and rush): ${JSON.stringify(run.functions)}`);
      const check = await prepare(db, (open) => checkBookings(open, fixture));
      result.bookings = { warmUp: warm, run, check, bare, parentsPrepared: parentCount, sessions: fixture.sessionIds.length, history: BOOKING_HISTORY, ...(mail && { mail }) };
      result.rush = rushRun;
    } catch (err) {
      result.errors.push(`bookings: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await db.drop();
    }
  }

  // 2b. The week rush: families signed in through the API book seven sessions each of one week among 40 sessions;
  // the bare insert reference on the same database first; checked in the database.
  if (options.scenarios.includes('week-rush')) {
    log(`${kind}: week rush`);
    const db = await createBenchDatabase(kind, folder, `${stamp}_${kind}_week`, options.pgUrl);
    try {
      const fixture = await prepare(db, async (open) => {
        await seedDemo(open, now);
        await seedLarge(open, now, BOOKING_HISTORY);
        return seedWeekRush(open, now, options.rounds);
      });
      const bare =
        kind === 'postgres'
          ? await bareInsertPostgres(db.url!, { seconds, inFlight: options.connections })
          : await prepare(db, (open) => bareInsertPglite(open, { seconds, inFlight: options.connections }));
      log(`  bare insert transaction: ${bare.transactions} in ${bare.seconds} s = ${bare.perSec}/s`);
      const profileDir = path.join(folder, `profile-${kind}-week`);
      const nodeArgs = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      if (options.probe && db.url) await trackFunctions(db.url);
      const { warm, rounds, signInSeconds, mail } = await withServer(db, 'server-week-rush.log', async (server) => {
        const signInStarted = performance.now();
        const warmFamilies = await signInFamilies(server.baseUrl, fixture.warmUp.families, COOKIE_NAME);
        const roundFamilies = [];
        for (const timed of fixture.rounds) roundFamilies.push(await signInFamilies(server.baseUrl, timed.families, COOKIE_NAME));
        const signInSeconds = round((performance.now() - signInStarted) / 1000, 1);
        log(`  ${warmFamilies.length + roundFamilies.reduce((n, f) => n + f.length, 0)} families signed in through the API in ${signInSeconds} s`);
        const warm = await weekRush(server.baseUrl, warmFamilies, { inFlight: options.connections });
        log(`  warm-up: ${warm.booked} booked, ${warm.refused} refused, ${warm.other} other in ${warm.seconds} s`);
        const mailAtStart = db.url ? await confirmationMail(db.url) : null;
        const rounds: WeekRushRun[] = [];
        const cpu = new CpuProbe(server.pid, db.url);
        for (const families of roundFamilies) {
          const waits = options.probe && db.url ? sampleWaits(db.url) : null;
          const before = await cpu.snapshot();
          const run = await weekRush(server.baseUrl, families, { inFlight: options.connections });
          run.cpuPerBooking = CpuProbe.split(before, await cpu.snapshot(), run.booked);
          if (waits) run.waits = await waits.stop();
          rounds.push(run);
          log(`  round ${rounds.length}: ${run.booked} booked + ${run.refused} refused in ${run.seconds} s = ${run.bookingsPerSec} bookings/s (${run.requestsPerSec} requests/s), p50 ${run.p50} ms, p99 ${run.p99} ms, other ${run.other}; CPU per booking ${JSON.stringify(run.cpuPerBooking)}`);
          if (run.waits) log(`    backends (${run.waits.busyBackends} busy on average): ${JSON.stringify(run.waits.shares)}`);
        }
        await cpu.close();
        const mailAtEnd = db.url && mailAtStart ? await confirmationMail(db.url) : null;
        const mail = db.url && mailAtEnd && mailAtStart ? { sentDuringRun: mailAtEnd.sent - mailAtStart.sent, ...(await mailDrained(db.url)) } : undefined;
        return { warm, rounds, signInSeconds, mail };
      }, nodeArgs);
      if (options.cpuProf) log(`  CPU profile of the week-rush server (sign-ins, warm-up and rounds):\n${summariseProfile(profileDir)}`);
      const run = combineRuns(rounds);
      if (options.probe && db.url) run.functions = await functionTimes(db.url, warm.booked + run.booked);
      if (run.functions) log(`  PL/pgSQL and tables per booking (warm-up and rounds): ${JSON.stringify(run.functions)}`);
      log(`  week rush: ${run.booked} bookings in ${run.seconds} s = ${run.bookingsPerSec}/s = ${round(run.bookingsPerSec / bare.perSec)}× the bare insert; refusals ${JSON.stringify(run.refusals)}`);
      const check = await prepare(db, (open) => checkWeekRush(open, fixture));
      result.weekRush = {
        warmUp: warm,
        rounds,
        run,
        check,
        bare,
        signInSeconds,
        shape: {
          families: WEEK_RUSH.families,
          bookingsPerFamily: WEEK_RUSH.bookingsPerFamily,
          sessions: WEEK_RUSH.sessions,
          capacities: `every 4th ${WEEK_RUSH.smallCapacity}, others ${WEEK_RUSH.capacity}`,
          weekStart: fixture.weekStart,
        },
        ...(mail && { mail }),
      };
    } catch (err) {
      result.errors.push(`week-rush: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await db.drop();
    }
  }

  // 3. Scale: the large data set, the same four reads one at a time, and the plans of their SQL.
  if (!options.scenarios.includes('scale')) {
    result.scale = { skipped: '--scenario without scale' };
  } else if (kind === 'pglite' && !options.pgliteScale) {
    result.scale = { skipped: '--no-pglite-scale' };
  } else {
    log(`${kind}: large data`);
    const db = await createBenchDatabase(kind, folder, `${stamp}_${kind}_large`, options.pgUrl);
    try {
      const sizes = {
        sessions: Math.round(100_000 * options.scale),
        families: Math.round(10_000 * options.scale),
        bookings: Math.round(200_000 * options.scale),
      };
      const { demo, counts, plan } = await prepare(db, async (open) => {
        const demo = await seedDemo(open, now);
        const counts = await seedLarge(open, now, sizes);
        log(`  loaded ${counts.sessions} sessions, ${counts.families} users, ${counts.bookings} bookings in ${round(counts.seconds, 1)} s`);
        const plan = await explainRoutes(open, kind, queries, demo.parent.cookie.split('=')[1]!, demo.parent.userId);
        return { demo, counts, plan };
      });
      plans.push(`#################### ${kind}: ${counts.sessions} sessions, ${counts.families} users, ${counts.bookings} bookings\n\n${plan.text}`);
      const latency = await withServer(db, 'server-large.log', (server) =>
        scaleLatency(server.baseUrl, queries, demo.parent.cookie, demo.admin.cookie, options.samples),
      );
      const ratios = {} as Record<ScaleRoute, number>;
      for (const route of SCALE_ROUTES) {
        const base = result.demoLatency?.[route].p50;
        ratios[route] = base ? round(latency[route].p50 / base) : NaN;
      }
      // The plans themselves are in plans.txt; the JSON keeps each statement's time and sequential scans.
      const planSummary = {
        searchUsesTrigramIndexes: plan.searchUsesTrigramIndexes,
        seqScans: plan.seqScans,
        routes: plan.routes.map((route) => ({
          ...route,
          queries: route.queries.map((q) => ({ sql: q.sql.replace(/\s+/g, ' '), executionMs: q.executionMs, seqScans: q.seqScans })),
        })),
      };
      result.scale = { counts, latency, ratios, plans: planSummary };
    } catch (err) {
      result.errors.push(`scale: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await db.drop();
    }
  }
  return result;
}

export async function speedAndScale(options: BenchOptions): Promise<number> {
  const started = Date.now();
  const build = ensureBuild(options.build);
  const folder = mkdtempSync(path.join(tmpdir(), 'nb-bench-'));
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  console.log(
    `Speed and scale: ${options.databases.join(' + ') || 'no database'}; ${options.connections} connections × ${options.duration} s per route; ` +
      `large data ×${options.scale}; server logs in ${folder}`,
  );
  if (!options.pgUrl) console.log('PostgreSQL skipped: set DATABASE_URL or pass --pg-url=postgres://… (a server where a throwaway database can be created).');
  const results: BenchResults = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: round(totalmem() / 2 ** 30, 1),
      loadAverageAtStart: loadavg().map((v) => round(v)),
      gitCommit: gitCommit(),
      serverBundle: { rebuilt: build.rebuilt, builtAt: build.bundleTime },
      postgresServer: options.pgUrl ? new URL(options.pgUrl).host : null,
    },
    options: { ...options, pgUrl: options.pgUrl ? new URL(options.pgUrl).host : undefined },
    targets: TARGETS,
    databases: [],
    checks: [],
    failures: [],
  };
  const plans: string[] = [];
  // Ctrl-C: the servers are killed (lib/processes.ts) and the throwaway databases dropped.
  process.once('SIGINT', () => {
    console.error('\ninterrupted: dropping the bench databases');
    void dropAllBenchDatabases().finally(() => process.exit(130));
  });
  try {
    if (options.scenarios.includes('reads')) {
      log('bare node:http');
      const bare = await startBare(path.join(folder, 'bare.log'));
      try {
        await cannon(bare.baseUrl, ROUTE_LABELS.bare, '/', { connections: options.connections, seconds: Math.min(1, options.duration / 2) });
        results.bare = await cannon(bare.baseUrl, ROUTE_LABELS.bare, '/', { connections: options.connections, seconds: options.duration });
        log(`  ${results.bare.reqPerSec} req/s, p99 ${results.bare.p99} ms`);
      } finally {
        await bare.stop();
      }
    }
    for (const kind of options.databases) results.databases.push(await measureDatabase(kind, options, folder, stamp, plans));
  } catch (err) {
    results.failures.push(err instanceof Error ? err.message : String(err));
  }
  results.meta.loadAverageAtEnd = loadavg().map((v) => round(v));
  results.meta.wallSeconds = round((Date.now() - started) / 1000, 1);

  printReport(results);

  const out = path.join(projectRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (plans.length) {
    writeFileSync(
      path.join(out, 'plans.txt'),
      `EXPLAIN (ANALYZE, BUFFERS) of the SQL behind the measured routes on the large data (npm run bench, ${results.meta.date}).\n` +
        'Each statement was recorded from the project\'s own service functions (a Drizzle logger) and explained with its parameters.\n\n' +
        plans.join('\n\n'),
    );
  }
  console.log(`\nWritten: bench/results/latest.json${plans.length ? ', bench/results/plans.txt' : ''} (${results.meta.wallSeconds} s)`);
  if (results.failures.length) {
    console.error(`\nFAILED (wrong behaviour, not speed):\n${results.failures.map((f) => `  ✗ ${f}`).join('\n')}\nServer logs kept in ${folder}`);
    return 1;
  }
  if (options.keep || options.cpuProf) console.log(`Server logs${options.cpuProf ? ' and CPU profiles' : ''} kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
  return 0;
}
