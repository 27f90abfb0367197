import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The web app lives in src/web; the built files go to dist/web and are served by the API server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/web/service-worker/sw.ts) gets the list of files to precache injected at build time.
    // The page registers it itself (src/web/lib/service-worker.ts) and the server writes the manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The parent's shell: the page, scripts and styles, splash and icon. The admin area's scripts are left
        // out (parents' phones never need them); the worker keeps them once an admin uses them.
        globPatterns: ['index.html', 'assets/*.{js,css}', '*.svg', 'icons/icon-192.png'],
        globIgnores: ['assets/admin-*.js'],
        sourcemap: false,
      },
    }),
  ],
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
    // The API and the manifest (written by the server, with BUSINESS_NAME) come from `npm run dev:server`.
    proxy: { '/api': 'http://localhost:3000', '/manifest.webmanifest': 'http://localhost:3000' },
  },
});
