import type { User, UserRole } from '@app/contracts';
import { useUpdateUser } from '@app/web-data';
import { DetailItem } from '../../components/detail-item.js';
import { fieldBinder } from '../../components/field-binder.js';
import { EditableCard } from '../../components/editable-card.js';
import { RoleBadge } from '../../components/role-badge.js';
import { SelectField, type SelectOption } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { formatMemberSince, userInfoFrom, userInfoPatch, type UserInfoValues } from './user-figures.js';

const roleOptions: readonly SelectOption<UserRole>[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'tenant', label: 'Tenant' },
];

function InfoView({ user }: { user: User }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <DetailItem term="Email Address">{user.email}</DetailItem>
      <DetailItem term="Role">
        <RoleBadge role={user.role} />
      </DetailItem>
      <DetailItem term="First Name">{user.firstName || 'Not set'}</DetailItem>
      <DetailItem term="Last Name">{user.lastName || 'Not set'}</DetailItem>
      <DetailItem term="Member Since">{formatMemberSince(user.createdAt)}</DetailItem>
    </dl>
  );
}

function InfoForm({
  values,
  onChange,
}: {
  values: UserInfoValues;
  onChange: (values: UserInfoValues) => void;
}) {
  const field = fieldBinder(values, (change) => onChange({ ...values, ...change }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="user-info-email"
        label="Email Address"
        type="email"
        className="sm:col-span-2"
        {...field('email')}
      />
      <TextField id="user-info-first-name" label="First Name" {...field('firstName')} />
      <TextField id="user-info-last-name" label="Last Name" {...field('lastName')} />
      <SelectField id="user-info-role" label="Role" {...field('role')} options={roleOptions} />
    </div>
  );
}

/** SPEC.md §2 "User details", User Information; editing starts from the loaded user and Cancel drops changes. */
export function UserInfoCard({ user }: { user: User }) {
  const updateUser = useUpdateUser();
  return (
    <EditableCard
      title="User Information"
      subject="user information"
      start={() => userInfoFrom(user)}
      mutation={updateUser}
      variables={(values) => ({ id: user.id, body: userInfoPatch(values) })}
      toasts={{ success: 'User updated successfully', failure: 'Failed to update user' }}
      view={<InfoView user={user} />}
      form={(values, onChange) => <InfoForm values={values} onChange={onChange} />}
    />
  );
}
