/**
 * What the shell and the remotes share, each as one instance on the page (ARCHITECTURE.md "Front end"): two
 * Reacts break hooks, two routers or query clients would not see the shell's context.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  // react-router-dom, through the list of its exports the apps use (libs/routing/src/index.ts says why).
  '@app/routing': { singleton: true, requiredVersion: '0.0.0' },
  // @tanstack/react-query, through the list of its exports the apps use (libs/query/src/index.ts says why).
  '@app/query': { singleton: true, requiredVersion: '0.0.0' },
  // Radix's record of open layers: the shell draws the toasts, and a click on one must not count as a click
  // outside a remote's open dialog (which would close it and lose what was typed). The toast viewport registers
  // itself with this record, and only one instance of it on the page can see both.
  '@radix-ui/react-dismissable-layer': { singleton: true, requiredVersion: '^1.2.1' },
};

/**
 * @module-federation/vite leaves federation out when it thinks it runs under a test runner (NODE_ENV=test or
 * VITEST set): a build started from a vitest test (scripts/test/support/platform.ts) would then ship remotes
 * without remoteEntry.js. A build is a build, wherever it is started from.
 */
export function federationInEveryEnvironment(): void {
  process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
}

/**
 * What the federation runtime of a remote can leave out: its copy is on every remote screen's first load (issue
 * 22; about a third of its size). A remote loads no remotes of its own, and the shell registers the remotes by
 * their remoteEntry.js, never by a manifest, so neither remote loading nor the snapshot (manifest) plugin is used.
 */
export const remoteRuntimeOptions = { disableRemote: true, disableSnapshot: true } as const;

/** The host loads remotes, by their remoteEntry.js only (remote-config.ts): the snapshot plugin is not used. */
export const hostRuntimeOptions = { disableSnapshot: true } as const;
