import { deferredView } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { Logo } from './logo.js';
import { VisitorBar } from './visitor-bar.js';

/** Visitors never need the signed-in bar's menus; it loads for the first signed-in render, or at navigation. */
export const navigationBar = deferredView(() => import('./navigation-bar.js'), 'NavigationBar');
/** Only an admin viewing as a customer sees it: out of everyone else's first load (bench figure 10). */
const viewAsBanner = deferredView(() => import('./view-as-banner.js'), 'ViewAsBanner');

/** The bar's place while it is not yet known whose it is, so neither bar flashes for the other's user. */
function HeaderPlaceholder() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
        <Logo />
      </div>
    </header>
  );
}

/**
 * The navigation bar for signed-in users, the visitor bar otherwise (SPEC.md §2, landing and catalogue); above
 * it, while an admin views as a customer, the banner saying so (issue 21).
 */
export function SiteHeader() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <HeaderPlaceholder />;
  if (!user) return <VisitorBar />;
  const bar = <navigationBar.View user={user} fallback={<HeaderPlaceholder />} />;
  if (user.viewAs === undefined) return bar;
  // Kept in sight with the bar while scrolling: the admin must never forget whose account this is.
  return (
    <div className="sticky top-0 z-40">
      <viewAsBanner.View
        user={user}
        viewAs={user.viewAs}
        fallback={<div className="h-10 border-b border-amber-300 bg-amber-100" aria-hidden="true" />}
      />
      {bar}
    </div>
  );
}
