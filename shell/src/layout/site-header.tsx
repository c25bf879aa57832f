import { lazyNamed } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { Suspense } from 'react';
import { VisitorBar } from './visitor-bar.js';

// Visitors never need the signed-in bar's menus; it loads for the first signed-in render.
const NavigationBar = lazyNamed(() => import('./navigation-bar.js'), 'NavigationBar');

/** The navigation bar for signed-in users, the visitor bar otherwise (SPEC.md §2, landing and catalogue). */
export function SiteHeader() {
  const { user } = useCurrentUser();
  if (!user) return <VisitorBar />;
  return (
    <Suspense fallback={<div className="h-16 border-b bg-card" aria-hidden="true" />}>
      <NavigationBar user={user} />
    </Suspense>
  );
}
