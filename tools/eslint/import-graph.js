// The import graph of src/ (relative imports between .ts/.tsx files), read with the TypeScript compiler's parser,
// for the cycle rule of import-direction.js. `import type` and `export type` are left out: they vanish from the
// compiled code and cannot make modules wait for each other.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or null (a package, an asset, a missing file). */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  const stripped = base.replace(/\.(js|mjs)$/, '');
  for (const extension of extensions) {
    const candidate = stripped + extension;
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The specifiers a file imports at run time (static imports and re-exports, dynamic import() included). */
export function runtimeImports(file, text = fs.readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && !node.isTypeOnly) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const edges = new Map();
/** The files `file` imports at run time (cached for the lint run). */
export function importsOf(file) {
  let result = edges.get(file);
  if (!result) {
    result = [];
    try {
      for (const specifier of runtimeImports(file)) {
        const target = resolveImport(file, specifier);
        if (target) result.push(target);
      }
    } catch {
      // unreadable file: no edges
    }
    edges.set(file, result);
  }
  return result;
}

/**
 * A path of imports from `start` back to `start` that begins with the import of `first`, or null. Breadth first,
 * so the shortest cycle through that import is the one reported.
 */
export function cycleThrough(start, first) {
  if (first === start) return [start, start];
  const previous = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === start) {
        const chain = [file];
        for (let at = previous.get(file); at; at = previous.get(at)) chain.unshift(at);
        return [start, ...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}
