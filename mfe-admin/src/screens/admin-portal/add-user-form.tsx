import {
  Button,
  DialogFooter,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { useState, type FormEvent } from 'react';

/** SPEC.md §5 "Add User": the form offers user or admin; identity reads `user` as `tenant`. */
export type NewUserRole = 'user' | 'admin';

export interface NewUserFields {
  email: string;
  firstName: string;
  lastName: string;
  role: NewUserRole;
}

const emptyUser: NewUserFields = { email: '', firstName: '', lastName: '', role: 'user' };

/** Email is required with no message of its own (SPEC.md §5): the browser's required-field check speaks. */
export function AddUserForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (fields: NewUserFields) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState(emptyUser);
  const set = (change: Partial<NewUserFields>) => setFields((current) => ({ ...current, ...change }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.email.trim() === '') return;
    onSubmit(fields);
  }

  return (
    <form className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor="new-user-email">Email</Label>
        <Input
          id="new-user-email"
          type="email"
          required
          autoComplete="off"
          value={fields.email}
          onChange={(event) => set({ email: event.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="new-user-first-name">First Name</Label>
          <Input
            id="new-user-first-name"
            value={fields.firstName}
            onChange={(event) => set({ firstName: event.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="new-user-last-name">Last Name</Label>
          <Input
            id="new-user-last-name"
            value={fields.lastName}
            onChange={(event) => set({ lastName: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new-user-role">Role</Label>
        <Select value={fields.role} onValueChange={(role) => set({ role: role as NewUserRole })}>
          <SelectTrigger id="new-user-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="user">User</SelectItem>
            <SelectItem value="admin">Admin</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating...' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
