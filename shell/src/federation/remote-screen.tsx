import { loadRemote } from '@module-federation/runtime';
import { Spinner } from '@app/ui';
import { Suspense, use, useState, type ComponentType } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary.js';
import { registerConfiguredRemotes, type RemoteName } from './remote-config.js';

/** What each remote exposes as `./routes`: its screens by name; the shell owns the paths and the guards. */
export interface RemoteRoutesModule {
  screens: Record<string, ComponentType>;
}

const loading = new Map<RemoteName, Promise<RemoteRoutesModule>>();
/** Remotes whose last load failed: the next load registers them again, so the runtime fetches the entry anew. */
const failed = new Set<RemoteName>();

/**
 * Retry: forget a failed load. Not done when the load fails: React reads the settled promise on its next render,
 * and a fresh one there would suspend again, for ever.
 */
function forgetFailedLoad(remote: RemoteName): void {
  if (!failed.has(remote)) return;
  loading.delete(remote);
}

function loadScreens(remote: RemoteName): Promise<RemoteRoutesModule> {
  const cached = loading.get(remote);
  if (cached) return cached;
  const pending = registerConfiguredRemotes(failed.delete(remote))
    .then(() => loadRemote<RemoteRoutesModule>(`${remote}/routes`))
    .then((module) => {
      if (!module) throw new Error(`${remote} did not provide its routes`);
      return module;
    });
  pending.catch(() => failed.add(remote));
  loading.set(remote, pending);
  return pending;
}

function Screen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const { screens } = use(loadScreens(remote));
  const Component = screens[screen];
  if (!Component) throw new Error(`${remote} has no ${screen} screen`);
  return <Component />;
}

/**
 * One screen of a remote, loaded on first use. While it loads a spinner shows; if the remote cannot be loaded
 * its error and a Retry button take the screen's place, and the rest of the shell keeps working.
 */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={attempt}
      onRetry={() => {
        forgetFailedLoad(remote);
        setAttempt((count) => count + 1);
      }}
    >
      <Suspense
        fallback={
          <div className="flex min-h-[50vh] items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <Screen remote={remote} screen={screen} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
