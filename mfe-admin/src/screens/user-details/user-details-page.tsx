import { ApiError, useAdminUser } from '@app/web-data';
import { ListError, Spinner } from '@app/ui';
import { useParams } from '@app/routing';
import { BackToPortal } from '../../components/back-to-portal.js';
import { PageMessage } from '../../components/page-message.js';
import { ActivityCard } from '../activity/activity-card.js';
import { RoleBadge } from '../../components/role-badge.js';
import { userDisplayName } from '../../components/user-names.js';
import { OwnedTenantsCard } from './owned-tenants-card.js';
import { UserInfoCard } from './user-info-card.js';
import { UserStatisticsCard } from './user-statistics-card.js';
import { ViewAsDialog } from './view-as-dialog.js';

/**
 * User details (SPEC.md §2): the user, their statistics (the tenant summary over their tenants) and their owned
 * tenants (the tenant list filtered by owner on the server, a page at a time).
 */
export function UserDetailsPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  // A malformed id (400) names no user either.
  const notFound = user.error instanceof ApiError && [400, 404].includes(user.error.status);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <BackToPortal />
      {user.isPending ? (
        <Spinner label="Loading user..." className="py-16" />
      ) : notFound ? (
        <PageMessage title="User Not Found" />
      ) : user.isError ? (
        <ListError error={user.error} />
      ) : (
        <>
          <header className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-3xl font-bold break-words text-foreground">
              {userDisplayName(user.data)}
            </h1>
            <RoleBadge role={user.data.role} />
            {user.data.role === 'tenant' ? <ViewAsDialog user={user.data} /> : null}
          </header>
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <UserInfoCard user={user.data} />
            <UserStatisticsCard user={user.data} />
          </div>
          <OwnedTenantsCard ownerId={user.data.id} />
          <ActivityCard filters={{ entityType: 'user', entityId: user.data.id }} actorId={user.data.id} />
        </>
      )}
    </div>
  );
}
