import { lazyNamed } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { Suspense } from 'react';
import { ViewAsBanner } from './view-as-banner.js';
import { VisitorBar } from './visitor-bar.js';

// Visitors never need the signed-in bar's menus; it loads for the first signed-in render.
const NavigationBar = lazyNamed(() => import('./navigation-bar.js'), 'NavigationBar');

/**
 * The navigation bar for signed-in users, the visitor bar otherwise (SPEC.md §2, landing and catalogue); above
 * it, while an admin views as a customer, the banner saying so (issue 21).
 */
export function SiteHeader() {
  const { user } = useCurrentUser();
  if (!user) return <VisitorBar />;
  const bar = (
    <Suspense fallback={<div className="h-16 border-b bg-card" aria-hidden="true" />}>
      <NavigationBar user={user} />
    </Suspense>
  );
  if (user.viewAs === undefined) return bar;
  // Kept in sight with the bar while scrolling: the admin must never forget whose account this is.
  return (
    <div className="sticky top-0 z-40">
      <ViewAsBanner user={user} viewAs={user.viewAs} />
      {bar}
    </div>
  );
}
