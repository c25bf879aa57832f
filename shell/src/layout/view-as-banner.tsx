import { Button, toast } from '@app/ui';
import type { CurrentUser, CurrentViewAs } from '@app/contracts';
import { errorDescription, useLeaveViewAs } from '@app/web-data';
import { EyeIcon } from 'lucide-react';
import { useEffect } from 'react';
import { fullName } from './nav-links.js';
import { minutesAndSeconds, useTimeLeft } from './use-time-left.js';

/** Where the admin is back as themselves: the details of the account they viewed. */
function returnPath(user: CurrentUser): string {
  return `/user-details/${encodeURIComponent(user.id)}`;
}

/**
 * A reload rather than a route change: nothing the view cached (the customer's data) may be shown to the admin
 * as their own, and the other way round.
 */
function reloadAt(path: string): void {
  window.location.assign(path);
}

/**
 * On every screen while an admin views as a customer (issue 21 item 3): whose view it is, that it is read-only,
 * how long it lasts, and Leave. When the time is up the server already answers as the admin; the page follows.
 */
export function ViewAsBanner({ user, viewAs }: { user: CurrentUser; viewAs: CurrentViewAs }) {
  const left = useTimeLeft(viewAs.expiresAt);
  const leave = useLeaveViewAs();
  const name = fullName(user) || user.email;

  useEffect(() => {
    if (left === 0) reloadAt(returnPath(user));
  }, [left, user]);

  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => reloadAt(returnPath(user)),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not leave the view',
          description: errorDescription(error),
        }),
    });

  return (
    <section
      aria-label="View as customer"
      className="border-b border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm sm:px-6">
        <p className="flex min-w-0 items-center gap-2">
          <EyeIcon aria-hidden="true" className="size-4 shrink-0" />
          <span>
            Viewing as <strong>{name}</strong>
            {name === user.email ? null : <> ({user.email})</>}: read-only, nothing can be changed.{' '}
            <span>
              Ends in <time dateTime={viewAs.expiresAt}>{minutesAndSeconds(left)}</time>.
            </span>
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={onLeave} disabled={leave.isPending}>
          {leave.isPending ? 'Leaving...' : 'Leave'}
        </Button>
      </div>
    </section>
  );
}
