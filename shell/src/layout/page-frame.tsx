import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.js';

/**
 * A screen under the navigation bar: the signed-in screens, the remotes' among them, and the catalogue while its
 * code arrives. Drawn at once (issue 22 item 4), before the sign-in check or the screen's code has answered.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      {/* An invoice printed from the billing screen carries no navigation. */}
      <div className="print:hidden">
        <SiteHeader />
      </div>
      <main>{children}</main>
    </div>
  );
}
