import { describe, expect, it } from 'vitest';
import { definedFunction, droppedFunction, splitStatements, supersededStub } from './sql-text';

// How npm run db:functions reads migrations (decision 023): statements split where PostgreSQL would, and a
// superseded definition replaced by a stub with the same signature.
describe('reading migrations as SQL text', () => {
  it('splits at top-level semicolons only: not inside strings, dollar-quoted bodies or comments', () => {
    const source = [
      "-- a comment; with a semicolon",
      "CREATE FUNCTION f(a text DEFAULT 'x;y') RETURNS text LANGUAGE plpgsql AS $body$ BEGIN RETURN a || ';'; END $body$;",
      '--> statement-breakpoint',
      'ALTER TABLE "t" ADD COLUMN "c" text;--> statement-breakpoint',
      '/* block; comment */ DROP FUNCTION IF EXISTS public.g(uuid);',
    ].join('\n');
    const statements = splitStatements(source).map((statement) => statement.text);
    expect(statements).toEqual([
      "CREATE FUNCTION f(a text DEFAULT 'x;y') RETURNS text LANGUAGE plpgsql AS $body$ BEGIN RETURN a || ';'; END $body$",
      'ALTER TABLE "t" ADD COLUMN "c" text',
      'DROP FUNCTION IF EXISTS public.g(uuid)',
    ]);
    expect(statements.map(definedFunction)).toEqual(['f', null, null]);
    expect(statements.map(droppedFunction)).toEqual([null, null, 'g']);
  });

  it('stubs a definition with its parameters, defaults and result, whatever its language and options', () => {
    const definition = `CREATE OR REPLACE FUNCTION portal_x(a uuid, b jsonb DEFAULT '{"as": 1}'::jsonb)
RETURNS TABLE(id uuid, stable_count integer) LANGUAGE sql STABLE AS $$ SELECT a, 1 $$`;
    expect(supersededStub(definition, 'portal_x')).toBe(
      [
        `CREATE OR REPLACE FUNCTION portal_x(a uuid, b jsonb DEFAULT '{"as": 1}'::jsonb)`,
        ' RETURNS TABLE(id uuid, stable_count integer)',
        ' LANGUAGE plpgsql',
        "AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_x.sql'; END $superseded$",
      ].join('\n'),
    );
    expect(supersededStub('CREATE FUNCTION t() RETURNS trigger AS $$ BEGIN RETURN NULL; END $$ LANGUAGE plpgsql', 't')).toContain(
      'CREATE OR REPLACE FUNCTION t()\n RETURNS trigger\n',
    );
  });
});
