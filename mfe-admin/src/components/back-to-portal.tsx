import { ArrowLeft } from 'lucide-react';
import { Link } from '@app/routing';

/** The details pages are reached from the Admin Portal's lists; this leads back there. */
export function BackToPortal() {
  return (
    <Link
      to="/admin-portal"
      className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to Admin Portal
    </Link>
  );
}
