import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

const api = 'http://localhost:3000';

/** An API path the console also has pages under (/admin): browsers opening a page get the app, calls go to the API. */
const apiUnlessPage: ProxyOptions = {
  target: api,
  bypass: (req) => (req.headers['sec-fetch-dest'] === 'document' ? '/index.html' : undefined),
};

export default defineConfig({
  base: '/',
  plugins: [react()],
  // Read the SDK from source: no stale sdk/dist in the bundle.
  resolve: { conditions: ['@trawl/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // `npm run dev -w @trawl/console` next to a server on :3000; same origin, so the session cookies work.
  server: {
    proxy: {
      '/auth': api,
      '/teams': api,
      '/api-tokens': api,
      '/admin': apiUnlessPage,
      '/app': api,
      '/crawls': api,
      '/crawl-results': api,
      '/crawl-options': api,
      '/is-healthy': api,
      '/docs': api,
      '/events': { target: api, ws: true },
    },
  },
});
