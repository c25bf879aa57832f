import { track } from '@app/ui';
import { loadRemote } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { registerConfiguredRemotes, type RemoteName } from './remote-config.js';

/**
 * What each remote exposes as `./routes`: a loader per screen name; the shell owns the paths and the guards. A
 * loader rather than the component itself, so each screen (and what only it uses, such as the charts) is a chunk
 * of its own that arrives when the screen is first opened, not with every other screen of the remote.
 */
export interface RemoteRoutesModule {
  screens: Record<string, () => Promise<ComponentType>>;
}

const routesLoads = new Map<RemoteName, Promise<RemoteRoutesModule>>();
const screenLoads = new Map<string, Promise<ComponentType>>();
/** Loads that failed: Retry starts them anew, and a remote's entry is then registered again and fetched anew. */
const failedRemotes = new Set<RemoteName>();
const failedScreens = new Set<string>();

function loadRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  const cached = routesLoads.get(remote);
  if (cached) return cached;
  const pending = registerConfiguredRemotes(failedRemotes.delete(remote))
    .then(() => loadRemote<RemoteRoutesModule>(`${remote}/routes`))
    .then((module) => {
      if (!module) throw new Error(`${remote} did not provide its routes`);
      return module;
    });
  pending.catch(() => failedRemotes.add(remote));
  routesLoads.set(remote, pending);
  return pending;
}

/** One screen of a remote: the remote's routes, then the screen's own chunk; the same promise until it fails. */
export function loadScreen(remote: RemoteName, screen: string): Promise<ComponentType> {
  const key = `${remote}/${screen}`;
  const cached = screenLoads.get(key);
  if (cached) return cached;
  const pending = track(
    loadRoutes(remote).then(({ screens }) => {
      const load = screens[screen];
      if (!load) throw new Error(`${remote} has no ${screen} screen`);
      return load();
    }),
  );
  pending.catch(() => failedScreens.add(key));
  screenLoads.set(key, pending);
  return pending;
}

/**
 * Retry: forget the failed loads behind a screen. Not done when a load fails: the screen reads the settled promise
 * on its next render, and a fresh one there would start loading again, for ever.
 */
export function forgetFailedLoads(remote: RemoteName, screen: string): void {
  const key = `${remote}/${screen}`;
  if (failedScreens.delete(key)) screenLoads.delete(key);
  if (failedRemotes.has(remote)) routesLoads.delete(remote);
}
