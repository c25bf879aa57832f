import type { User } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { RoleBadge } from '../../components/role-badge.js';
import { userDisplayName } from '../../components/user-names.js';
import { AddUserDialog } from './add-user-dialog.js';

/** SPEC.md §2 "Admin Portal", Users: every user with their role and a link to their details. */
export function UsersTab({ users }: { users: UseQueryResult<User[]> }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>Users</h2>
        </CardTitle>
        <AddUserDialog />
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <ListLoading label="Loading users..." />
        ) : users.isError ? (
          <ListError error={users.error} />
        ) : users.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users yet</p>
        ) : (
          <ul aria-label="Users" className="grid gap-3">
            {users.data.map((user) => {
              const name = userDisplayName(user);
              return (
                <li
                  key={user.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
                >
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold break-words">{name}</h3>
                    <p className="text-sm break-all text-muted-foreground">{user.email}</p>
                  </div>
                  <RoleBadge role={user.role} />
                  <Link
                    to={`/user-details/${encodeURIComponent(user.id)}`}
                    aria-label={`View Details of ${name}`}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    View Details
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
