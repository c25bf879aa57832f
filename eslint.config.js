import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Domain code stays pure (STYLE.md "Workspace"): no framework, driver, network or Node built-ins. */
const forbiddenInDomain = ['fastify', 'fastify-*', '@fastify/*', 'pg', '@nats-io/*', '@kurrent/*', 'node:*'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true } }],
    },
  },
  {
    files: ['**/src/domain/**/*.ts', 'libs/domain/src/**/*.ts', 'libs/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: forbiddenInDomain }],
    },
  },
  {
    // Browser code: the front-end libraries and apps (SPEC.md §2); hooks follow React's rules.
    files: ['**/*.tsx', 'libs/ui/**/*.ts', 'libs/web-data/**/*.ts', 'shell/**/*.ts', 'mfe-*/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat.recommended.rules,
  },
  {
    // One router and one query client on the page: apps take both from the packages shared as singletons
    // (libs/routing/src/index.ts and libs/query/src/index.ts say why).
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/routing/**', 'libs/query/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: 'Import routing from @app/routing instead.' },
            { name: '@tanstack/react-query', message: 'Import it from @app/query instead.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.config.ts', '**/global-setup.ts', 'eslint.config.js'],
    rules: { 'no-restricted-exports': 'off' },
  },
  prettier,
);
