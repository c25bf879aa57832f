import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.js';

/** The signed-in screens, the remotes' among them, sit under the navigation bar. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <SiteHeader />
      <main>{children}</main>
    </div>
  );
}
