import { LandmarkIcon } from 'lucide-react';
import { Link } from '@app/routing';

/** The product's mark and name, linking home (SPEC.md §2: logo to /). */
export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold text-foreground">
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <LandmarkIcon className="size-5" aria-hidden="true" />
      </span>
      <span className="whitespace-nowrap text-base sm:text-lg">FinTech Platform</span>
    </Link>
  );
}
