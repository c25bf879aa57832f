import { ScreenLoading, usePromise } from '@app/ui';
import { useState } from 'react';
import { forgetFailedLoads, loadScreen } from './load-screen.js';
import { RemoteErrorBoundary } from './remote-error-boundary.js';
import type { RemoteName } from './remote-config.js';

function Screen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const loaded = usePromise(loadScreen(remote, screen));
  if (loaded.status === 'pending') return <ScreenLoading />;
  // The boundary shows it, with Retry.
  if (loaded.status === 'rejected') throw loaded.reason;
  const Component = loaded.value;
  return <Component />;
}

/**
 * One screen of a remote, loaded on first use. While it loads a skeleton holds its place; if the remote or the
 * screen's code cannot be loaded, its error and a Retry button take the screen's place, and the rest of the shell
 * keeps working.
 */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={attempt}
      onRetry={() => {
        forgetFailedLoads(remote, screen);
        setAttempt((count) => count + 1);
      }}
    >
      <Screen remote={remote} screen={screen} />
    </RemoteErrorBoundary>
  );
}
