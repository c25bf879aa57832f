import type { User } from '@app/contracts';
import { ListRow, PagedList, SearchBox } from '@app/ui';
import { adminUserExportAddress, useAdminUserList } from '@app/web-data';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { ListCard } from '../../components/list-card.js';
import { RoleBadge } from '../../components/role-badge.js';
import { TextLink } from '../../components/text-link.js';
import { userDisplayName } from '../../components/user-names.js';
import { useSearch } from '../../components/use-search.js';
import { AddUserDialog } from './add-user-dialog.js';

function UserRow({ user }: { user: User }) {
  const name = userDisplayName(user);
  return (
    <ListRow
      as="div"
      heading={name}
      headingClassName="break-words"
      detail={user.email}
      detailClassName="break-all"
    >
      <RoleBadge role={user.role} />
      <TextLink to={`/user-details/${encodeURIComponent(user.id)}`} aria-label={`View Details of ${name}`}>
        View Details
      </TextLink>
    </ListRow>
  );
}

/**
 * SPEC.md §2 "Admin Portal", Users: every user with their role and a link to their details, searched by name or
 * email on the server, newest first, a page at a time.
 */
export function UsersTab() {
  const search = useSearch();
  const users = useAdminUserList({ q: search.q });
  return (
    <ListCard
      title="Users"
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvLink href={adminUserExportAddress({ q: search.q })} />
          <AddUserDialog />
        </div>
      }
    >
      <div className="grid gap-4">
        <SearchBox
          id="portal-user-search"
          label="Search users"
          placeholder="Search users..."
          value={search.text}
          onChange={search.setText}
        />
        <PagedList
          read={users}
          label="Users"
          loadingLabel="Loading users..."
          emptyText={search.q ? `No users match "${search.q}"` : 'No users yet'}
          getKey={(user) => user.id}
          estimateSize={76}
        >
          {(user) => <UserRow user={user} />}
        </PagedList>
      </div>
    </ListCard>
  );
}
