import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_BUSINESS_NAME } from './src/shared/product';

/**
 * Under `vite dev` nobody fills index.html's placeholders (the server does, src/server/plugins/web.ts): the splash
 * there shows the default name and its initial. The meta tags keep theirs (the app reads them as not configured).
 */
const devSplashName = {
  name: 'dev-splash-name',
  apply: 'serve' as const,
  transformIndexHtml: (html: string) =>
    html.replace(/(<div\s+id="splash"[\s\S]*?)__BUSINESS_INITIAL__([\s\S]*?)__BUSINESS_NAME__/, `$1${DEFAULT_BUSINESS_NAME.charAt(0)}$2${DEFAULT_BUSINESS_NAME}`),
};

/**
 * The splash (index.html's markup, src/web/public/app-start.js) needs the stylesheet and that small script only;
 * the app's scripts load beside it at a lower priority than the stylesheet, so on a slow phone the splash is the first
 * paint and the app arrives under it (issue 33: the first paint waited for 160 KB of scripts).
 */
const appScriptsAfterSplash = {
  name: 'app-scripts-after-splash',
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler: (html: string) =>
      html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
  },
};

// The web app lives in src/web; the built files go to dist/web and are served by the API server.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    devSplashName,
    appScriptsAfterSplash,
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
        // The parent's shell: the page, scripts and styles, the splash (its script too) and icon. The admin area's scripts are left
        // out (parents' phones never need them); the worker keeps them once an admin uses them.
        globPatterns: ['index.html', 'app-start.js', 'assets/*.{js,css}', '*.svg', 'icons/icon-192.png'],
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
