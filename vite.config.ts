import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web; the built files go to dist/web and are served by the API server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // zod (with the schemas' messages) is needed only once a form is checked: the login form loads it after
            // first paint, the dialogs and the admin area with their own chunks. Its own chunk stays cached.
            // (src/web/lib/zod-config.ts sets its jitless mode up front without importing it.)
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // No group for Radix: the dialog and toast primitives must stay with the lazily loaded chunks that need
            // them (a group is one chunk, loaded up front as soon as the first screen needs any part of it).
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
