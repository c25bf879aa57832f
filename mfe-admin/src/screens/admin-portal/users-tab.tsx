import type { User } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { ListRow } from '@app/ui';
import { ListCard } from '../../components/list-card.js';
import { QueryList } from '../../components/query-list.js';
import { RoleBadge } from '../../components/role-badge.js';
import { TextLink } from '../../components/text-link.js';
import { userDisplayName } from '../../components/user-names.js';
import { AddUserDialog } from './add-user-dialog.js';

function UserRow({ user }: { user: User }) {
  const name = userDisplayName(user);
  return (
    <ListRow heading={name} headingClassName="break-words" detail={user.email} detailClassName="break-all">
      <RoleBadge role={user.role} />
      <TextLink to={`/user-details/${encodeURIComponent(user.id)}`} aria-label={`View Details of ${name}`}>
        View Details
      </TextLink>
    </ListRow>
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
