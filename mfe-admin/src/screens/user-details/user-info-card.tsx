import type { User, UserRole } from '@app/contracts';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@app/ui';
import { errorDescription, useUpdateUser } from '@app/web-data';
import { useState, type ReactNode } from 'react';
import { EditControls } from '../../components/edit-controls.js';
import { RoleBadge } from '../../components/role-badge.js';
import { formatMemberSince, userInfoFrom, userInfoPatch, type UserInfoValues } from './user-figures.js';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function InfoView({ user }: { user: User }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail term="Email Address">{user.email}</Detail>
      <Detail term="Role">
        <RoleBadge role={user.role} />
      </Detail>
      <Detail term="First Name">{user.firstName || 'Not set'}</Detail>
      <Detail term="Last Name">{user.lastName || 'Not set'}</Detail>
      <Detail term="Member Since">{formatMemberSince(user.createdAt)}</Detail>
    </dl>
  );
}

function InfoForm({
  values,
  onChange,
}: {
  values: UserInfoValues;
  onChange: (change: Partial<UserInfoValues>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="user-info-email">Email Address</Label>
        <Input
          id="user-info-email"
          type="email"
          value={values.email}
          onChange={(event) => onChange({ email: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-info-first-name">First Name</Label>
        <Input
          id="user-info-first-name"
          value={values.firstName}
          onChange={(event) => onChange({ firstName: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-info-last-name">Last Name</Label>
        <Input
          id="user-info-last-name"
          value={values.lastName}
          onChange={(event) => onChange({ lastName: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-info-role">Role</Label>
        <Select value={values.role} onValueChange={(role) => onChange({ role: role as UserRole })}>
          <SelectTrigger id="user-info-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="admin">Admin</SelectItem>
            <SelectItem value="tenant">Tenant</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** SPEC.md §2 "User details", User Information; editing starts from the loaded user and Cancel drops changes. */
export function UserInfoCard({ user }: { user: User }) {
  const [editing, setEditing] = useState<UserInfoValues | null>(null);
  const updateUser = useUpdateUser();

  function save() {
    if (!editing) return;
    updateUser.mutate(
      { id: user.id, body: userInfoPatch(editing) },
      {
        onSuccess: () => {
          toast({ title: 'User updated successfully' });
          setEditing(null);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update user',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>User Information</h2>
        </CardTitle>
        <EditControls
          subject="user information"
          editing={editing !== null}
          pending={updateUser.isPending}
          onEdit={() => setEditing(userInfoFrom(user))}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </CardHeader>
      <CardContent>
        {editing ? (
          <InfoForm
            values={editing}
            onChange={(change) => setEditing((current) => (current ? { ...current, ...change } : current))}
          />
        ) : (
          <InfoView user={user} />
        )}
      </CardContent>
    </Card>
  );
}
