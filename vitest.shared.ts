import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Settings every package's suite shares: sibling packages are read from source, never a stale dist. */
export default defineConfig({
  resolve: { conditions: ['@trawl/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@trawl/source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page or server that answers within a second alone can take several under the full suite's load.
    expect: { poll: { timeout: 10_000 } },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.tsx'],
  },
});
