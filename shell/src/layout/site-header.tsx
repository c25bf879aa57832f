import { useCurrentUser } from '@app/web-data';
import { NavigationBar } from './navigation-bar.js';
import { VisitorBar } from './visitor-bar.js';

/** The navigation bar for signed-in users, the visitor bar otherwise (SPEC.md §2, landing and catalogue). */
export function SiteHeader() {
  const { user } = useCurrentUser();
  return user ? <NavigationBar user={user} /> : <VisitorBar />;
}
