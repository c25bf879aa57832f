import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{libs,services,gateway,scripts,demo,shell,mfe-*,deploy}/**/test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['./libs/test-support/src/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
