import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Domain code stays pure (STYLE.md "Workspace"): no framework, driver, network or Node built-ins. */
const domainPurity = {
  group: ['fastify', 'fastify-*', '@fastify/*', 'pg', '@nats-io/*', '@kurrent/*', 'node:*'],
  message: 'Domain code stays pure: no framework, driver, network or Node built-in.',
};

/** One router and one query client on the page (libs/routing/src/index.ts and libs/query/src/index.ts say why). */
const sharedSingletons = [
  { name: 'react-router-dom', message: 'Import routing from @app/routing instead.' },
  { name: '@tanstack/react-query', message: 'Import it from @app/query instead.' },
];

/**
 * Services meet only through published events, the gateway and declared internal calls (STYLE.md "Learned from
 * reading our five services"), so each builds, tests and deploys without another's source: no service imports
 * another's package or reaches into its folder, and no library, demo or front-end code imports a deployable.
 * The platform's own tests (gateway/test, scripts, deploy/test, bench) compose the deployables and may.
 */
const services = ['audit', 'billing', 'catalog', 'identity', 'monitoring', 'notifications', 'tenancy'];
const deployables = [...services, 'gateway'];

function reachingInto(names) {
  const message =
    'A deployable meets another only through events, the gateway and declared internal calls: put what two ' +
    'share in @app/contracts or a library of its own, and shared demo data in demo/fixtures.';
  return [
    { group: names.map((name) => `@app/${name}`), message },
    { regex: `^(\\.\\./)+(services/)?(${names.join('|')})/(src|test|migrations)/`, message },
  ];
}

/**
 * no-restricted-imports for one set of files. A later config's options replace an earlier one's for the same
 * rule, so every set states all of its restrictions at once.
 */
function restrictImports(files, { own = null, pure = false, singletons = false, ignores = [] }) {
  const patterns = reachingInto(deployables.filter((name) => name !== own));
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...(singletons ? { paths: sharedSingletons } : {}),
          patterns: pure ? [...patterns, domainPurity] : patterns,
        },
      ],
    },
  };
}

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
    // Browser code: the front-end libraries and apps (SPEC.md §2); hooks follow React's rules.
    files: ['**/*.tsx', 'libs/ui/**/*.ts', 'libs/web-data/**/*.ts', 'shell/**/*.ts', 'mfe-*/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat.recommended.rules,
  },
  // Apps take the router and the query client from the packages shared as singletons.
  restrictImports(['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'], {
    singletons: true,
    ignores: ['libs/routing/**', 'libs/query/**'],
  }),
  restrictImports(['libs/routing/**/*.{ts,tsx}', 'libs/query/**/*.{ts,tsx}', 'demo/**/*.{ts,tsx}'], {}),
  restrictImports(['libs/domain/src/**/*.ts', 'libs/contracts/src/**/*.ts'], {
    pure: true,
    singletons: true,
  }),
  ...services.map((own) => restrictImports([`services/${own}/**/*.{ts,tsx}`], { own })),
  ...services.map((own) => restrictImports([`services/${own}/src/domain/**/*.ts`], { own, pure: true })),
  restrictImports(['services/notifications/src/webhooks/domain/**/*.ts'], {
    own: 'notifications',
    pure: true,
  }),
  restrictImports(['gateway/src/**/*.ts'], { own: 'gateway' }),
  {
    files: ['**/*.config.ts', '**/global-setup.ts', 'eslint.config.js'],
    rules: { 'no-restricted-exports': 'off' },
  },
  prettier,
);
