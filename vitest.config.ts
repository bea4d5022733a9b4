import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['fixtures', 'workflows', 'api', 'sdk', 'cli', 'console'],
  },
});
