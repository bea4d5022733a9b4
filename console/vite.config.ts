import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  // Read the SDK from source: no stale sdk/dist in the bundle.
  resolve: { conditions: ['@trawl/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/crawls': api,
      '/crawl-options': api,
      '/is-healthy': api,
      '/events': { target: api, ws: true },
    },
  },
});
