/**
 * Reading SQL as text, enough for the function sources (src/server/db/functions, decision 023): split a migration
 * into its statements (quotes, dollar quotes and comments respected) and take a `CREATE FUNCTION` apart.
 */

export interface Statement {
  /** The statement without the leading comments and blank lines, and without its closing `;`. */
  text: string;
  /** Offsets of `text` in the source. */
  start: number;
  end: number;
}

/** Splits SQL into statements at top-level semicolons and drizzle's `--> statement-breakpoint` lines. */
export function splitStatements(source: string): Statement[] {
  const statements: Statement[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0) statements.push({ text: source.slice(start, end).trimEnd(), start, end: start + source.slice(start, end).trimEnd().length });
    start = -1;
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '-' && source[i + 1] === '-') {
      const lineEnd = source.indexOf('\n', i);
      i = lineEnd < 0 ? source.length : lineEnd + 1;
      continue;
    }
    if (ch === '/' && source[i + 1] === '*') {
      const endComment = source.indexOf('*/', i + 2);
      i = endComment < 0 ? source.length : endComment + 2;
      continue;
    }
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (start < 0) start = i;
    if (ch === ';') {
      close(i);
      i += 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      for (;;) {
        const next = source.indexOf(ch, j);
        if (next < 0) {
          j = source.length;
          break;
        }
        if (source[next + 1] === ch) j = next + 2;
        else {
          j = next + 1;
          break;
        }
      }
      i = j;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(source.slice(i, i + 64));
      if (tag) {
        const endQuote = source.indexOf(tag[0], i + tag[0].length);
        i = endQuote < 0 ? source.length : endQuote + tag[0].length;
        continue;
      }
    }
    i += 1;
  }
  close(source.length);
  return statements.filter((statement) => statement.text.length > 0);
}

/**
 * The statement with its comments, quoted strings and dollar-quoted bodies blanked out (for keyword searches); every
 * blanked character becomes a space, so offsets stay those of the statement.
 */
export function codeOnly(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  return text
    .replace(/\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g, blank)
    .replace(/'(?:[^']|'')*'/g, blank)
    .replace(/--[^\n]*/g, blank)
    .replace(/\/\*[\s\S]*?\*\//g, blank);
}

const createFunction = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(/i;
const dropFunction = /^DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/** The function a `CREATE [OR REPLACE] FUNCTION` statement defines, or null. */
export function definedFunction(statement: string): string | null {
  return createFunction.exec(statement)?.[1] ?? null;
}

/** The function a `DROP FUNCTION` statement drops, or null. */
export function droppedFunction(statement: string): string | null {
  return dropFunction.exec(statement)?.[1] ?? null;
}

/** The text from `start` (an opening parenthesis) to its matching closing one, both included. */
function balanced(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  throw new Error(`unbalanced parentheses in: ${text.slice(start, start + 80)}`);
}

const optionKeyword =
  /^(AS|LANGUAGE|IMMUTABLE|STABLE|VOLATILE|STRICT|CALLED|SECURITY|EXTERNAL|SET|COST|ROWS|PARALLEL|LEAKPROOF|NOT|WINDOW|TRANSFORM|SUPPORT|BEGIN)\b/i;

/**
 * A stub with the same name, parameters (defaults included) and result as the `CREATE FUNCTION` statement, whose
 * body only raises: what a superseded definition in an old migration becomes (decision 023).
 */
export function supersededStub(statement: string, name: string): string {
  const code = codeOnly(statement);
  const match = createFunction.exec(code);
  if (!match) throw new Error(`not a CREATE FUNCTION: ${statement.slice(0, 80)}`);
  const open = match[0].length - 1;
  const parameters = statement.slice(open, open + balanced(code, open).length);
  let at = open + parameters.length;
  at += /^\s*/.exec(code.slice(at))![0].length;
  const returns = /^RETURNS\s+/i.exec(code.slice(at));
  if (!returns) throw new Error(`no RETURNS clause in ${name}`);
  at += returns[0].length;
  const resultStart = at;
  while (at < code.length && !(/[^\w$]/.test(code[at - 1]!) && optionKeyword.test(code.slice(at)))) {
    at += code[at] === '(' ? balanced(code, at).length : 1;
  }
  const result = statement.slice(resultStart, at).trim();
  return [
    `CREATE OR REPLACE FUNCTION ${name}${parameters}`,
    ` RETURNS ${result}`,
    ' LANGUAGE plpgsql',
    `AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/${name}.sql'; END $superseded$`,
  ].join('\n');
}
