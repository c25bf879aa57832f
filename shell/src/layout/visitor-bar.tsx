import { Button } from '@app/ui';
import { signInPath } from '@app/web-data';
import { Logo } from './logo.js';

/** The visitors' top bar: Sign In and Get Started are both the sign-in page (SPEC.md §2). */
export function VisitorBar() {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <a href={signInPath}>Sign In</a>
          </Button>
          <Button asChild>
            <a href={signInPath}>Get Started</a>
          </Button>
        </nav>
      </div>
    </header>
  );
}
