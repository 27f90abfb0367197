// Zod compiles object parsers with `new Function` when it may; to find out, it tries once, and under the
// server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is blocked and reported as a
// violation even though Zod catches it. Jitless mode skips the try. It must run before any schema is built,
// so main.tsx imports this module first.
//
// Zod itself is not imported here: it (and every schema) loads later, with the lazily loaded code that checks a
// form (the 'zod' chunk, see vite.config.ts), and importing it here would put it in the first load. Zod keeps its
// configuration in one object shared by all its copies, `globalThis.__zod_globalConfig` (what `z.config()`
// changes); it adopts the object already there. zod-config.test.ts checks that Zod sees the setting.
type ZodGlobalConfig = { jitless?: boolean };
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
