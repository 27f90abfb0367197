// Local ESLint rule: the import direction of the code layout (docs/development.md, decision 001).
//   src/shared  imports nothing from server or web, and no Node or DOM-only modules;
//   src/server  never imports src/web;  src/web never imports src/server or node: modules;
//   (test files may use Node modules to run real servers);
//   src/web/features/<x> never imports src/web/features/<y> (screens are composed in src/web/app).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const area = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = /^src\/web\/features\/([^/]+)\//.exec(rel);
  if (feature) return { side: 'web', feature: feature[1] };
  for (const side of ['shared', 'server', 'web']) if (rel.startsWith(`src/${side}/`)) return { side };
  return { side: 'other' };
};

export default {
  rules: {
    'import-direction': {
      meta: { type: 'problem', messages: { denied: '{{reason}}' }, schema: [] },
      create(context) {
        const from = area(context.filename);
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const report = (reason) => context.report({ node, messageId: 'denied', data: { reason } });
          const isTest = /\.test\.tsx?$/.test(context.filename);
          if (source.startsWith('node:') && !isTest && (from.side === 'shared' || from.side === 'web')) {
            return report(`src/${from.side} must not import Node modules ('${source}')`);
          }
          if (!source.startsWith('.')) return;
          const to = area(path.resolve(path.dirname(context.filename), source));
          if (from.side === 'shared' && (to.side === 'server' || to.side === 'web')) {
            return report(`src/shared must not import src/${to.side}`);
          }
          if (from.side === 'server' && to.side === 'web') return report('src/server must not import src/web');
          if (from.side === 'web' && to.side === 'server') return report('src/web must not import src/server');
          if (from.feature && to.feature && from.feature !== to.feature) {
            return report(`features/${from.feature} must not import features/${to.feature}; compose them in src/web/app`);
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
        };
      },
    },
  },
};
