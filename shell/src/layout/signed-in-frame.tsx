import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.js';

/** The signed-in screens, the remotes' among them, sit under the navigation bar. */
export function SignedInFrame({ children }: { children: ReactNode }) {
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
