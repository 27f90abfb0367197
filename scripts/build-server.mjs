// Bundles the server entry points into dist/server with esbuild; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server/server.ts',
    seed: 'src/server/cli/seed.ts',
    'create-admin': 'src/server/cli/create-admin.ts',
    cluster: 'src/server/cluster.ts',
    'mail-thread': 'src/server/mail/mail-thread.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server bundle written to dist/server');
