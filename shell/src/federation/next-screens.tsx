import { useQueryClient } from '@app/query';
import { useCurrentUser } from '@app/web-data';
import { useEffect } from 'react';
import { onLinkIntent } from './link-intent.js';
import { prefetchRoute } from './route-prefetch.js';

/**
 * The next screen already on its way (issue 22 item 3). A link the pointer or the focus reaches starts its
 * screen's code and first reads, as a navigation would. Once the current screen has its code and reads and the
 * page has gone idle, a signed-in user's navigation targets start their code (idle-prefetch.ts); a visitor's do
 * not, as a visitor's next step is the sign-in page, and the landing page's first load stays lean (bench figure
 * 10), the idle part with it.
 */
export function NextScreens() {
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const role = user?.role;

  useEffect(
    () => onLinkIntent(document, (pathname) => void prefetchRoute(client, pathname).catch(() => undefined)),
    [client],
  );

  useEffect(() => {
    if (role === undefined) return;
    let cancel = () => undefined as void;
    let active = true;
    void import('./idle-prefetch.js').then(({ prefetchNextScreensWhenIdle }) => {
      if (active) cancel = prefetchNextScreensWhenIdle(client, role);
    });
    return () => {
      active = false;
      cancel();
    };
  }, [client, role]);

  return null;
}
