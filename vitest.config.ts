import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './libs/test-support/src/interleaved-sequencer.js';
import { findTestFiles, sortIntoTiers } from './libs/test-support/src/test-tiers.js';

/**
 * One run, three projects by what a test needs (README "Test tiers"): `unit` needs nothing but Node, `integration`
 * the run's Postgres, NATS or KurrentDB, `e2e` the built platform or a browser. A file's tier follows from the
 * fixtures it imports (libs/test-support/src/test-tiers.ts); `vitest run` runs all three.
 */
const root = import.meta.dirname;
const tiers = sortIntoTiers(
  root,
  findTestFiles(root, /^(libs|services|gateway|scripts|demo|shell|mfe-.+|deploy|bench)$/),
);
const services = ['./libs/test-support/src/global-setup.ts'];

/**
 * The unit project has no services: a test that reaches them by a way the sorting cannot see fails at once
 * against these names, which say why, instead of finding whatever this machine happens to run.
 */
const noServices = {
  databaseUrl: 'postgres://postgres@no-database-in-the-unit-tier.invalid/test',
  natsUrl: 'nats://no-nats-in-the-unit-tier.invalid:4222',
  eventStoreUrl: '',
  eventStoreSkipReason: 'the unit tier has no event store',
};

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      // Unit files share nothing but CPU: worker threads start faster than forks, and every core takes one (the
      // default leaves one core idle), which halves the tier's time on a 2-core machine. A project with its own
      // worker count runs as a group of its own: the unit tier first, then the others together.
      {
        extends: true,
        test: {
          name: 'unit',
          include: globs(tiers.unit),
          provide: noServices,
          pool: 'threads',
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
      },
      // The integration and e2e files run together on every core, the e2e ones one at a time (each holds the
      // run's e2e turn, scripts/test/support/e2e-turn.ts) and spread among the integration files by the
      // sequencer, so the integration files run beside the e2e chain instead of after it.
      {
        extends: true,
        test: {
          name: 'integration',
          include: globs(tiers.integration),
          globalSetup: services,
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: globs(tiers.e2e),
          globalSetup: services,
          setupFiles: ['./scripts/test/support/e2e-turn.ts'],
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

/** File names as globs that match only themselves. */
function globs(files: string[]): string[] {
  return files.map((file) => file.replace(/[[\]{}()*?!+@]/g, '\\$&'));
}
