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
            // Only the primitives the parent screens use: anything else (tabs, the admin area's icons) stays with
            // the lazily loaded chunk that needs it, so the parent's first load does not carry it.
            {
              name: 'ui',
              test: /node_modules[\\/](@radix-ui[\\/](?!react-tabs[\\/])|@floating-ui[\\/])/,
              priority: 2,
            },
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
