// Local ESLint rules: the import direction of docs/development.md ("Code layout") and decision 024.
//
// import-direction, between the sides:
//   src/shared  imports nothing from server or web, and no Node or DOM-only modules;
//   src/server  never imports src/web;  src/web never imports src/server or node: modules
//   (test files may use Node modules to run real servers);
//   src/web/features/<x> never imports src/web/features/<y> (screens are composed in src/web/app).
// and inside src/server, by zone (SERVER_ZONES below; a zone always imports itself and src/shared):
//   routes -> services -> db: a route reaches the database through a service; plugins and db never import a
//   service; test-support is imported by tests only. `import type` is allowed where SERVER_ZONES says `types`.
//
// no-cycle: no file of src/ reaches itself again through its run-time imports (import-graph.js).
import path from 'node:path';
import { cycleThrough, resolveImport } from './import-graph.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The zones of src/server, lowest first, and what each may import besides itself and src/shared.
 * - base: the server's leaf modules (env.ts, http-error.ts, logging.ts, paths.ts, escape-html.ts).
 * - db: the client, the schema, the unit of work and the other database plumbing.
 * - sign-in: who is asking: services/auth/session-user.ts and session-token.ts (the session row behind a cookie),
 *   which the auth plugin, the read caches and the services share. Named files, not a folder, so that the branches
 *   that edit them merge: a later move of them into a folder of their own changes only SIGN_IN_FILES.
 * - cache: the per-instance read caches.
 * - plugins: request plumbing; services they need are handed to them by app.ts (types only here).
 * - services: one business operation a file; scheduled jobs.
 * - mail: the e-mail worker, a service beside the requests: it renders the services' e-mail texts and the
 *   services queue into its outbox (the cycle rule keeps the two apart file by file).
 * - routes: schema, guard, call a service, shape the reply.
 * - entry: what builds and starts things (app.ts, server.ts, cluster.ts, cli/, the demo data of db/seed.ts and
 *   db/demo-data-policy.ts); nothing but another entry point or a test imports them.
 * - test-support: helpers of the tests; only tests and other test-support files import it.
 */
export const SERVER_ZONES = {
  base: { may: ['base'] },
  db: { may: ['base'] },
  'sign-in': { may: ['base', 'db'] },
  cache: { may: ['base', 'db', 'sign-in'] },
  plugins: { may: ['base', 'db', 'sign-in', 'cache'], types: ['services', 'mail'] },
  services: { may: ['base', 'db', 'sign-in', 'cache', 'mail'] },
  mail: { may: ['base', 'db', 'sign-in', 'cache', 'services'] },
  routes: { may: ['base', 'sign-in', 'cache', 'plugins', 'services', 'mail'], types: ['db'] },
  entry: { may: ['base', 'db', 'sign-in', 'cache', 'plugins', 'services', 'mail', 'routes', 'entry'] },
  'test-support': { may: ['base', 'db', 'sign-in', 'cache', 'plugins', 'services', 'mail', 'routes', 'entry'] },
};

const ENTRY_FILES = new Set(['app.ts', 'server.ts', 'cluster.ts', 'db/seed.ts', 'db/demo-data-policy.ts']);
const SIGN_IN_FILES = new Set(['services/auth/session-user.ts', 'services/auth/session-token.ts']);
const FOLDER_ZONES = ['db', 'cache', 'plugins', 'services', 'mail', 'routes', 'test-support'];

/** The zone of a path inside src/server ('server-other' for an unknown folder: a new one must be given a zone). */
export function serverZone(rel) {
  if (ENTRY_FILES.has(rel) || rel.startsWith('cli/')) return 'entry';
  if (SIGN_IN_FILES.has(rel)) return 'sign-in';
  if (!rel.includes('/')) return 'base';
  const folder = rel.slice(0, rel.indexOf('/'));
  return FOLDER_ZONES.includes(folder) ? folder : 'server-other';
}

const area = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = /^src\/web\/features\/([^/]+)\//.exec(rel);
  if (feature) return { side: 'web', feature: feature[1] };
  if (rel.startsWith('src/server/')) return { side: 'server', zone: serverZone(rel.slice('src/server/'.length)) };
  for (const side of ['shared', 'web']) if (rel.startsWith(`src/${side}/`)) return { side };
  return { side: 'other' };
};

const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/** Why a server file of zone `from` may not import one of zone `to`, or null. */
function serverZoneProblem(from, to, typeOnly) {
  if (from === to || from === 'server-other' || to === 'server-other') {
    return from === 'server-other' || to === 'server-other' ? 'every folder of src/server needs a zone (tools/eslint/import-direction.js)' : null;
  }
  const zone = SERVER_ZONES[from];
  if (zone.may.includes(to)) return null;
  if (typeOnly && zone.types?.includes(to)) return null;
  if (to === 'test-support') return 'only tests import src/server/test-support';
  if (to === 'entry') return `${from} must not import an entry point (app.ts, server.ts, cluster.ts, cli/, the demo data)`;
  const direction = 'routes -> services -> db; plugins and db never import services';
  return `src/server/${from} must not import src/server/${to}${zone.types?.includes(to) ? ' (except `import type`)' : ''}: ${direction}`;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));

const visitors = (check) => ({
  ImportDeclaration: (node) => check(node, node.source.value),
  ImportExpression: (node) => check(node, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
  ExportAllDeclaration: (node) => check(node, node.source.value),
});

export default {
  rules: {
    'import-direction': {
      meta: { type: 'problem', messages: { denied: '{{reason}}' }, schema: [] },
      create(context) {
        const from = area(context.filename);
        const isTest = isTestFile(context.filename);
        return visitors((node, source) => {
          if (typeof source !== 'string') return;
          const report = (reason) => context.report({ node, messageId: 'denied', data: { reason } });
          if (source.startsWith('node:') && !isTest && (from.side === 'shared' || from.side === 'web')) {
            return report(`src/${from.side} must not import Node modules ('${source}')`);
          }
          if (!source.startsWith('.')) return;
          const to = area(resolveImport(context.filename, source) ?? path.resolve(path.dirname(context.filename), source));
          if (from.side === 'shared' && (to.side === 'server' || to.side === 'web')) {
            return report(`src/shared must not import src/${to.side}`);
          }
          if (from.side === 'server' && to.side === 'web') return report('src/server must not import src/web');
          if (from.side === 'web' && to.side === 'server') return report('src/web must not import src/server');
          if (from.feature && to.feature && from.feature !== to.feature) {
            return report(`features/${from.feature} must not import features/${to.feature}; compose them in src/web/app`);
          }
          if (from.side === 'server' && to.side === 'server' && !isTest) {
            const problem = serverZoneProblem(from.zone, to.zone, isTypeOnly(node));
            if (problem) return report(problem);
          }
        });
      },
    },
    'no-cycle': {
      meta: { type: 'problem', messages: { cycle: 'Import cycle: {{chain}}' }, schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        if (!file.startsWith(path.join(root, 'src') + path.sep)) return {};
        return visitors((node, source) => {
          if (typeof source !== 'string' || isTypeOnly(node)) return;
          const target = resolveImport(file, source);
          if (!target) return;
          const chain = cycleThrough(file, target);
          if (chain) {
            const rel = (entry) => path.relative(root, entry).split(path.sep).join('/');
            context.report({ node, messageId: 'cycle', data: { chain: chain.map(rel).join(' -> ') } });
          }
        });
      },
    },
  },
};
