import type { QueryClient } from '@app/query';
import type { CurrentUser } from '@app/contracts';
import { navLinks } from '../layout/nav-links.js';
import { prefetchRouteCode } from './route-prefetch.js';
import { currentScreenSettled } from './screen-settled.js';
import { whenIdle } from './when-idle.js';

/**
 * Once the current screen has its code and reads and the page has gone idle, starts the code of the user's
 * navigation targets (the remotes' entries with it). Returns a cancel. A chunk of its own, loaded only for a
 * signed-in user (next-screens.tsx).
 */
export function prefetchNextScreensWhenIdle(client: QueryClient, role: CurrentUser['role']): () => void {
  let cancel = () => undefined as void;
  let active = true;
  void currentScreenSettled(client, window.location.pathname).then(() => {
    if (!active) return;
    cancel = whenIdle(() => {
      for (const link of navLinks(role)) void prefetchRouteCode(link.to);
    });
  });
  return () => {
    active = false;
    cancel();
  };
}
