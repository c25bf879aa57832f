import { registerRemotes } from '@module-federation/runtime';

export type RemoteName = 'mfe_customer' | 'mfe_admin';

export interface RemoteEntry {
  name: RemoteName;
  /** URL of the remote's remoteEntry.js. */
  entry: string;
}

export interface RemotesConfig {
  remotes: RemoteEntry[];
}

/** Where the deployment says its remotes are (ARCHITECTURE.md "Front end": runtime configuration, not the build). */
export const remotesConfigPath = '/remotes.json';

let registration: Promise<void> | undefined;

/**
 * Reads the configuration and registers the remotes with the federation runtime, once. A failed read is not kept,
 * so Retry reads it again; `force` on a retry replaces a remote whose entry failed to load.
 */
export function registerConfiguredRemotes(force = false): Promise<void> {
  if (registration && !force) return registration;
  registration = fetch(remotesConfigPath, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const config = (await response.json()) as RemotesConfig;
      registerRemotes(
        config.remotes.map((remote) => ({ name: remote.name, entry: remote.entry, type: 'module' })),
        { force },
      );
    })
    .catch((error: unknown) => {
      registration = undefined;
      throw error;
    });
  return registration;
}
