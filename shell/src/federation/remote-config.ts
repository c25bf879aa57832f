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

/**
 * The same configuration, carried in the page by the gateway (`<meta name="remotes-config">`), which saves the
 * request for it before a remote can load (issue 22); `vite dev` serves the page without it.
 */
export const remotesConfigMeta = 'remotes-config';

let registration: Promise<void> | undefined;

function inlineConfig(): RemotesConfig | null {
  const content = document.querySelector(`meta[name="${remotesConfigMeta}"]`)?.getAttribute('content');
  return content ? (JSON.parse(content) as RemotesConfig) : null;
}

async function fetchedConfig(): Promise<RemotesConfig> {
  const response = await fetch(remotesConfigPath, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as RemotesConfig;
}

/**
 * Reads the configuration and registers the remotes with the federation runtime, once. A failed read is not kept,
 * so Retry reads it again; `force` on a retry replaces a remote whose entry failed to load.
 */
export function registerConfiguredRemotes(force = false): Promise<void> {
  if (registration && !force) return registration;
  // Read inside the chain, so a malformed meta is a failed load the screen shows with Retry, not a throw.
  registration = Promise.resolve()
    .then(() => inlineConfig() ?? fetchedConfig())
    .then((config) => {
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
