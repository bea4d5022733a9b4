import { defineProject, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.js';

export default mergeConfig(
  shared,
  defineProject({
    test: {
      name: 'cli',
      // The integration suites start the real API, which loads its database from this run-wide template.
      globalSetup: ['../api/test/global-setup.ts'],
    },
  }),
);
