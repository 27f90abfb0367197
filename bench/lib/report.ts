/** The console report and the ✓/✗ of every target (speed: reported) and behaviour check (wrong: the run fails). */
import type { BenchResults, DbResult } from '../speed-and-scale';
import { READ_ROUTES, ROUTE_LABELS, SCALE_ROUTES, TARGETS } from './targets';

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const fmt = (value: number | undefined, digits = 0) => (value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits));
const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padLeft = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);
const NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;

/** Fills results.checks and results.failures from the numbers. */
export function evaluate(results: BenchResults): void {
  const check = (kind: 'target' | 'behaviour', name: string, ok: boolean, value: string, target: string) => {
    results.checks.push({ name, ok, value, target, kind });
    if (kind === 'behaviour' && !ok) results.failures.push(`${name}: ${value} (expected ${target})`);
  };
  const bare = results.bare?.reqPerSec;
  if (results.bare && (results.bare.non2xx || results.bare.errors)) {
    check('behaviour', 'bare node:http answers', false, `${results.bare.non2xx} non-2xx, ${results.bare.errors} errors`, 'all 2xx');
  }
  for (const db of results.databases) {
    const name = NAMES[db.kind];
    for (const error of db.errors) check('behaviour', `${name} ${error.split(':')[0]}`, false, error, 'the scenario runs');
    if (db.reads) {
      const health = db.reads.health.reqPerSec;
      for (const route of READ_ROUTES) {
        const run = db.reads[route];
        check('behaviour', `${name} ${run.route}: every answer 2xx`, run.non2xx === 0 && run.errors === 0, `${run.non2xx} non-2xx, ${run.errors} errors (${JSON.stringify(run.statusCodes)})`, '0 and 0');
      }
      if (db.kind === 'postgres') {
        if (bare) check('target', `${name} health ≥ ${TARGETS.postgres.healthOfBare}× bare node:http`, health / bare >= TARGETS.postgres.healthOfBare, `${fmt(health / bare, 2)}×`, `≥ ${TARGETS.postgres.healthOfBare}×`);
        for (const route of ['calendar', 'me', 'myBookings'] as const) {
          const run = db.reads[route];
          check('target', `${name} ${run.route} ≥ ${TARGETS.postgres.routeOfHealth}× health`, run.reqPerSec / health >= TARGETS.postgres.routeOfHealth, `${fmt(run.reqPerSec / health, 2)}×`, `≥ ${TARGETS.postgres.routeOfHealth}×`);
          check('target', `${name} ${run.route} p99 < ${TARGETS.postgres.p99Ms} ms`, run.p99 < TARGETS.postgres.p99Ms, `${run.p99} ms`, `< ${TARGETS.postgres.p99Ms} ms`);
        }
      } else {
        const run = db.reads.calendar;
        check('target', `${name} ${run.route} ≥ ${TARGETS.pglite.calendarOfHealth}× health`, run.reqPerSec / health >= TARGETS.pglite.calendarOfHealth, `${fmt(run.reqPerSec / health, 2)}×`, `≥ ${TARGETS.pglite.calendarOfHealth}×`);
        check('target', `${name} ${run.route} p99 < ${TARGETS.pglite.p99Ms} ms`, run.p99 < TARGETS.pglite.p99Ms, `${run.p99} ms`, `< ${TARGETS.pglite.p99Ms} ms`);
      }
    }
    if (db.bookings) {
      const { run, warmUp, check: c } = db.bookings;
      if (db.kind === 'postgres') {
        check('target', `${name} POST /api/bookings ≥ ${TARGETS.postgres.bookingsPerSec} bookings/s`, run.bookingsPerSec >= TARGETS.postgres.bookingsPerSec, `${run.bookingsPerSec}/s`, `≥ ${TARGETS.postgres.bookingsPerSec}/s`);
        const ratio = run.bookingsPerSec / db.bookings.bare.perSec;
        check('target', `${name} bookings ≥ ${TARGETS.postgres.bookingsOfBareInsert}× a bare insert transaction`, ratio >= TARGETS.postgres.bookingsOfBareInsert, `${fmt(ratio, 2)}×`, `≥ ${TARGETS.postgres.bookingsOfBareInsert}×`);
      }
      check('behaviour', `${name} every booking with room succeeds`, run.failed === 0 && warmUp.failed === 0, `${run.failed + warmUp.failed} failed ${JSON.stringify({ ...warmUp.failures, ...run.failures })}`, '0 failed');
      check('behaviour', `${name} no overbooking`, c.overbooked === 0, `${c.overbooked} sessions over capacity`, '0');
      check('behaviour', `${name} booked_count = confirmed children`, c.countMismatches === 0, `${c.countMismatches} sessions differ`, '0');
      check('behaviour', `${name} bookings in the database = 201 answers`, c.benchBookings === run.succeeded + warmUp.succeeded, `${c.benchBookings} vs ${run.succeeded + warmUp.succeeded}`, 'equal');
    }
    if (db.weekRush) {
      const w = db.weekRush;
      const ratio = w.run.bookingsPerSec / w.bare.perSec;
      if (db.kind === 'postgres') {
        check('target', `${name} week rush ≥ ${TARGETS.postgres.weekRushOfBareInsert}× a bare insert transaction`, ratio >= TARGETS.postgres.weekRushOfBareInsert, `${fmt(ratio, 2)}×`, `≥ ${TARGETS.postgres.weekRushOfBareInsert}×`);
      }
      const all = [w.warmUp, ...w.rounds];
      const others = Object.assign({}, ...all.map((run) => run.others)) as Record<string, number>;
      check('behaviour', `${name} week rush: every answer 201 or a 409 refusal`, all.every((run) => run.other === 0), `${all.reduce((n, run) => n + run.other, 0)} other ${JSON.stringify(others)}`, '0 other');
      check('behaviour', `${name} week rush: no overbooking`, w.check.overbooked === 0, `${w.check.overbooked} sessions over capacity`, '0');
      check('behaviour', `${name} week rush: booked_count = confirmed children`, w.check.countMismatches === 0, `${w.check.countMismatches} sessions differ`, '0');
      check('behaviour', `${name} week rush: no child over the weekly limit`, w.check.overWeeklyLimit === 0, `${w.check.overWeeklyLimit} child-weeks over`, '0');
      check('behaviour', `${name} week rush: bookings in the database = 201 answers`, w.check.rushBookings === w.run.booked, `${w.check.rushBookings} vs ${w.run.booked}`, 'equal');
      check('behaviour', `${name} week rush: the rules refused some (full sessions, weekly limits)`, w.run.refused > 0 && w.check.fullSessions > 0, `${w.run.refused} refused, ${w.check.fullSessions} sessions full`, 'some of each');
    }
    if (db.rush) {
      const r = db.rush;
      const want = `${r.capacity} × 201, ${r.parents - r.capacity} × 409`;
      check('behaviour', `${name} rush of ${r.parents} on a ${r.capacity}-spot session`, r.created === r.capacity && r.conflicts === r.parents - r.capacity && r.other === 0, `${r.created} × 201, ${r.conflicts} × 409, ${r.other} other`, want);
      const c = db.bookings?.check;
      if (c) check('behaviour', `${name} rush session in the database`, c.rushBookings === r.capacity && c.rushBookedCount === r.capacity, `${c.rushBookings} bookings, booked_count ${c.rushBookedCount}`, `${r.capacity} and ${r.capacity}`);
    }
    if (db.scale && 'ratios' in db.scale) {
      for (const route of SCALE_ROUTES) {
        const ratio = db.scale.ratios[route];
        check('target', `${name} scale: ${ROUTE_LABELS[route]} large/demo p50 ≤ ${TARGETS.scale.maxRatio}`, ratio <= TARGETS.scale.maxRatio, `${fmt(ratio, 2)}×`, `≤ ${TARGETS.scale.maxRatio}×`);
      }
      check('target', `${name} scale: users search uses both trigram indexes`, db.scale.plans.searchUsesTrigramIndexes, String(db.scale.plans.searchUsesTrigramIndexes), 'true');
    }
  }
}

function readTable(results: BenchResults): string[] {
  const dbs = results.databases.filter((db) => db.reads);
  const lines: string[] = [];
  const head = pad('route', 40) + dbs.map((db) => `│ ${pad(`${NAMES[db.kind]} req/s`, 19)}${padLeft('p50', 6)}${padLeft('p99', 7)}  ${pad('ratio', 22)}`).join('');
  lines.push(head, '─'.repeat(head.length));
  const bare = results.bare;
  if (bare) {
    lines.push(pad(ROUTE_LABELS.bare, 40) + dbs.map(() => `│ ${padLeft(fmt(bare.reqPerSec), 10)}${' '.repeat(9)}${padLeft(fmt(bare.p50), 6)}${padLeft(fmt(bare.p99), 7)}  ${pad('(ceiling)', 22)}`).join(''));
  }
  for (const route of READ_ROUTES) {
    let line = pad(ROUTE_LABELS[route], 40);
    for (const db of dbs) {
      const run = db.reads![route];
      const health = db.reads!.health.reqPerSec;
      let ratio: string;
      if (route === 'health') {
        const r = bare ? run.reqPerSec / bare.reqPerSec : NaN;
        ratio = `${fmt(r, 2)}× bare` + (db.kind === 'postgres' ? ` ${mark(r >= TARGETS.postgres.healthOfBare)} ≥${TARGETS.postgres.healthOfBare}` : '');
      } else {
        const r = run.reqPerSec / health;
        const target = db.kind === 'postgres' ? TARGETS.postgres.routeOfHealth : route === 'calendar' ? TARGETS.pglite.calendarOfHealth : null;
        ratio = `${fmt(r, 2)}× health` + (target !== null ? ` ${mark(r >= target)} ≥${target}` : '');
      }
      const p99Target = db.kind === 'postgres' ? (route === 'health' ? null : TARGETS.postgres.p99Ms) : route === 'calendar' ? TARGETS.pglite.p99Ms : null;
      const p99 = `${fmt(run.p99)}${p99Target !== null ? mark(run.p99 < p99Target) : ' '}`;
      const bad = run.non2xx || run.errors ? ` !${run.non2xx + run.errors} bad` : '';
      line += `│ ${padLeft(fmt(run.reqPerSec), 10)}${' '.repeat(9)}${padLeft(fmt(run.p50), 6)}${padLeft(p99, 7)}  ${pad(ratio + bad, 22)}`;
    }
    lines.push(line);
  }
  return lines;
}

function bookingLines(db: DbResult): string[] {
  const name = NAMES[db.kind];
  const lines: string[] = [];
  if (db.bookings) {
    const { run, check } = db.bookings;
    const target = db.kind === 'postgres' ? ` ${mark(run.bookingsPerSec >= TARGETS.postgres.bookingsPerSec)} target ≥ ${TARGETS.postgres.bookingsPerSec}/s` : ' (no target)';
    lines.push(
      `${pad(name, 11)} ${fmt(run.bookingsPerSec)} bookings/s${target}: ${run.succeeded} booked in ${run.seconds} s by distinct parents, ${run.inFlight} in flight, p50 ${fmt(run.p50, 1)} ms, p99 ${fmt(run.p99, 1)} ms, ${run.failed} failed`,
      `${' '.repeat(12)}bare insert transaction (BEGIN, a row, an outbox row, COMMIT; same database, ${db.bookings.bare.inFlight} in flight on ${db.bookings.bare.connections} connection${db.bookings.bare.connections === 1 ? '' : 's'}): ${fmt(db.bookings.bare.perSec)}/s; bookings = ${fmt(run.bookingsPerSec / db.bookings.bare.perSec, 2)}× of it${db.kind === 'postgres' ? ` ${mark(run.bookingsPerSec / db.bookings.bare.perSec >= TARGETS.postgres.bookingsOfBareInsert)} target ≥ ${TARGETS.postgres.bookingsOfBareInsert}×` : ' (no target)'}`,
      `${' '.repeat(12)}database after the run: ${check.overbooked} sessions over capacity ${mark(check.overbooked === 0)}, ${check.countMismatches} booked_count mismatches ${mark(check.countMismatches === 0)}, ${check.benchBookings} confirmed bookings`,
      `${' '.repeat(12)}on a history of ${fmt(db.bookings.history.sessions)} sessions, ${fmt(db.bookings.history.families)} families, ${fmt(db.bookings.history.bookings)} bookings`,
    );
    const mail = db.bookings.mail;
    if (mail) {
      lines.push(
        `${' '.repeat(12)}confirmation e-mails: ${mail.sentDuringRun} sent during the run (the e-mail thread yields to requests), all ${mail.queued} sent ${mail.drainedAfterSeconds === null ? 'NOT within 120 s' : `${fmt(mail.drainedAfterSeconds, 1)} s`} after the rush`,
      );
    }
  }
  if (db.weekRush) {
    const w = db.weekRush;
    const ratio = w.run.bookingsPerSec / w.bare.perSec;
    const pad12 = ' '.repeat(12);
    lines.push(
      `${pad(name, 11)} week rush: ${fmt(w.run.bookingsPerSec)} bookings/s = ${fmt(ratio, 2)}× the bare insert (${fmt(w.bare.perSec)}/s, same database)${db.kind === 'postgres' ? ` ${mark(ratio >= TARGETS.postgres.weekRushOfBareInsert)} target ≥ ${TARGETS.postgres.weekRushOfBareInsert}×` : ' (no target)'}`,
      `${pad12}${w.rounds.length} round(s) of ${w.shape.families} families × ${w.shape.bookingsPerFamily} bookings of one week among ${w.shape.sessions} sessions (${w.shape.capacities}), signed in through the API, ${w.run.inFlight} in flight:`,
      ...w.rounds.map((run, i) => `${pad12}  round ${i + 1}: ${run.booked} booked, ${run.refused} refused in ${run.seconds} s = ${fmt(run.bookingsPerSec)} bookings/s (${fmt(run.requestsPerSec)} requests/s), p50 ${fmt(run.p50, 1)} ms, p99 ${fmt(run.p99, 1)} ms`),
      `${pad12}refusals: ${Object.entries(w.run.refusals).map(([message, count]) => `${count} × ${message}`).join('; ') || 'none'}`,
      `${pad12}database after the rush: ${w.check.overbooked} sessions over capacity ${mark(w.check.overbooked === 0)}, ${w.check.countMismatches} booked_count mismatches ${mark(w.check.countMismatches === 0)}, ${w.check.overWeeklyLimit} children over a weekly limit ${mark(w.check.overWeeklyLimit === 0)}, ${w.check.rushBookings} confirmed = ${w.run.booked} × 201 ${mark(w.check.rushBookings === w.run.booked)}, ${w.check.fullSessions} sessions full`,
    );
    if (w.mail) {
      lines.push(`${pad12}confirmation e-mails: ${w.mail.sentDuringRun} sent during the rounds, all ${w.mail.queued} sent ${w.mail.drainedAfterSeconds === null ? 'NOT within 120 s' : `${fmt(w.mail.drainedAfterSeconds, 1)} s`} after them`);
    }
  }
  if (db.rush) {
    const r = db.rush;
    const ok = r.created === r.capacity && r.conflicts === r.parents - r.capacity && r.other === 0;
    lines.push(
      `${' '.repeat(12)}rush: ${r.parents} parents at once on one ${r.capacity}-spot session → ${r.created} × 201, ${r.conflicts} × 409${r.other ? `, ${r.other} other` : ''} ${mark(ok)} in ${r.ms} ms`,
      ...Object.entries(r.messages).map(([message, count]) => `${' '.repeat(18)}${count} × ${message}`),
    );
  }
  return lines;
}

function scaleLines(results: BenchResults): string[] {
  const lines: string[] = [];
  for (const db of results.databases) {
    if (!db.scale) continue;
    if ('skipped' in db.scale) {
      lines.push(`${NAMES[db.kind]}: skipped (${db.scale.skipped})`);
      continue;
    }
    const { counts, latency, ratios, plans } = db.scale;
    lines.push(
      `${NAMES[db.kind]}: ${counts.sessions} sessions, ${counts.families} users, ${counts.children} children, ${counts.bookings} bookings (loaded in ${fmt(counts.seconds, 1)} s); sequential requests, ms`,
    );
    const head = `  ${pad('route', 38)}${padLeft('demo p50', 9)}${padLeft('p95', 7)}${padLeft('large p50', 11)}${padLeft('p95', 7)}${padLeft('ratio', 8)}   answer demo → large   slowest statement (large)`;
    lines.push(head);
    for (const route of SCALE_ROUTES) {
      const demo = db.demoLatency?.[route];
      const large = latency[route];
      const plan = plans.routes.find((p) => p.route.startsWith(route === 'calendar' ? 'calendar' : route === 'myBookings' ? 'my bookings' : route === 'adminSessions' ? 'admin sessions' : 'admin user'));
      lines.push(
        `  ${pad(ROUTE_LABELS[route], 38)}${padLeft(fmt(demo?.p50, 2), 9)}${padLeft(fmt(demo?.p95, 2), 7)}${padLeft(fmt(large.p50, 2), 11)}${padLeft(fmt(large.p95, 2), 7)}${padLeft(`${fmt(ratios[route], 2)}${mark(ratios[route] <= TARGETS.scale.maxRatio)}`, 8)}   ${pad(`${demo?.items ?? '–'} → ${large.items}`, 20)}  ${plan?.dominant ? `${plan.dominant.executionMs} ms` : ''}`,
      );
    }
    lines.push('  slowest statement per route on the large data (EXPLAIN ANALYZE, bench/results/plans.txt):');
    for (const plan of plans.routes) {
      if (plan.dominant) lines.push(`    ${pad(`${plan.route.split(':')[0]}:`, 22)}${padLeft(`${plan.dominant.executionMs} ms`, 10)}  ${plan.dominant.sql.slice(0, 150)}`);
    }
    lines.push(`  users search on both trigram indexes: ${plans.searchUsesTrigramIndexes ? '✓' : '✗'}; sequential scans of big tables: ${plans.seqScans.length ? plans.seqScans.join('; ') : 'none'}`);
  }
  return lines;
}

export function printReport(results: BenchResults): void {
  evaluate(results);
  const o = results.options;
  console.log(`\n═══ Reads: autocannon, ${o.connections} connections × ${o.duration} s per route, demo data, one server process (node dist/server/server.js, LOG_LEVEL info)`);
  console.log(readTable(results).join('\n'));
  console.log('  (per-user routes rotate the sign-ins of the 12 demo parents across requests; ✓/✗: the issue\'s targets)');
  console.log(`\n═══ Bookings: POST /api/bookings`);
  for (const db of results.databases) console.log(bookingLines(db).join('\n'));
  console.log(`\n═══ Scale: demo data vs ×${o.scale} of (100k sessions, 10k families, 200k bookings) of history; p50/p95 of ${o.samples} sequential requests; ratio = large/demo p50 (target ≤ ${TARGETS.scale.maxRatio})`);
  console.log(scaleLines(results).join('\n'));
  const targets = results.checks.filter((c) => c.kind === 'target');
  const behaviour = results.checks.filter((c) => c.kind === 'behaviour');
  console.log(`\n═══ Targets (reported, not enforced): ${targets.filter((c) => c.ok).length}/${targets.length} met`);
  for (const c of targets) console.log(`  ${mark(c.ok)} ${pad(c.name, 78)} ${c.value}`);
  console.log(`═══ Behaviour (the run fails on any ✗): ${behaviour.filter((c) => c.ok).length}/${behaviour.length} correct`);
  for (const c of behaviour.filter((c) => !c.ok)) console.log(`  ✗ ${c.name}: ${c.value} (expected ${c.target})`);
  console.log(
    `\nMachine: ${results.meta.cpus} × ${results.meta.cpuModel}, node ${results.meta.node}, load average ${JSON.stringify(results.meta.loadAverageAtStart)} → ${JSON.stringify(results.meta.loadAverageAtEnd)}, commit ${results.meta.gitCommit ?? '?'}`,
  );
}
