import type { User } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { ListCard } from '../../components/list-card.js';
import { QueryList } from '../../components/query-list.js';
import { RoleBadge } from '../../components/role-badge.js';
import { TextLink } from '../../components/text-link.js';
import { userDisplayName } from '../../components/user-names.js';
import { AddUserDialog } from './add-user-dialog.js';

function UserRow({ user }: { user: User }) {
  const name = userDisplayName(user);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">{name}</h3>
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
      </div>
      <RoleBadge role={user.role} />
      <TextLink to={`/user-details/${encodeURIComponent(user.id)}`} aria-label={`View Details of ${name}`}>
        View Details
      </TextLink>
    </li>
  );
}

/** SPEC.md §2 "Admin Portal", Users: every user with their role and a link to their details. */
export function UsersTab({ users }: { users: UseQueryResult<User[]> }) {
  return (
    <ListCard title="Users" action={<AddUserDialog />}>
      <QueryList
        query={users}
        items={users.data}
        label="Users"
        loadingLabel="Loading users..."
        emptyText="No users yet"
      >
        {(user) => <UserRow user={user} />}
      </QueryList>
    </ListCard>
  );
}
