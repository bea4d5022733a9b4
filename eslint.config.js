// Lint for the whole tree: typescript-eslint's recommended rules, react-hooks for the console, and the
// import boundaries of DEVELOPERS.md held by a machine instead of memory:
// - console and cli import no workspace but @trawl/sdk;
// - workflows never imports api (it declares ports that api implements);
// - a console feature never imports another feature (shared pieces live in components/ or lib/);
// - a CLI command never imports another command (following a crawl, which several share, lives in follow/).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./console/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Workspaces a package may not import, by bare specifier. */
const workspaceBan = (allowed) =>
  ['@trawl/api', '@trawl/workflows', '@trawl/fixtures', '@trawl/sdk', '@trawl/cli', '@trawl/console']
    .filter((name) => !allowed.includes(name))
    .flatMap((name) => [name, `${name}/*`]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.trawl/**',
      '.ci-results/**',
      'sdk/src/gen/**',
      'api/drizzle/**',
      'fixtures/corpus/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['@trawl/source', 'types', 'import', 'default'],
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CatchClause > Identifier[typeAnnotation.typeAnnotation.type="TSAnyKeyword"]',
          message: 'Catch errors as unknown.',
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}', 'cli/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: workspaceBan(['@trawl/sdk']), message: 'Reach the API through @trawl/sdk only.' },
          ],
        },
      ],
    },
  },
  {
    // The suites start a real server and fixture sites, which the shipped code never may.
    files: ['console/test/**/*.{ts,tsx}', 'cli/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: workspaceBan(['@trawl/sdk', '@trawl/api', '@trawl/fixtures']),
              message: 'Tests reach the API through @trawl/sdk or a real server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: workspaceBan(['@trawl/workflows', '@trawl/fixtures']),
              message: 'workflows declares ports; api implements them. Never import api here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['cli/src/commands/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './cli/src/commands',
              from: './cli/src/commands',
              message: 'Commands do not import each other: move the shared piece out of commands/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./console/src/features/${feature}`,
            from: './console/src/features',
            except: [`./${feature}`],
            message:
              'Console features do not import each other: move the shared piece to components/ or lib/.',
          })),
        },
      ],
    },
  },
);
