import { FormActions } from '../../components/form-dialog.js';
import { fieldBinder } from '../../components/field-binder.js';
import { SelectField, type SelectOption } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { useState, type FormEvent } from 'react';

/** SPEC.md §5 "Add User": the form offers user or admin; identity reads `user` as `tenant`. */
export type NewUserRole = 'user' | 'admin';

export interface NewUserFields {
  email: string;
  firstName: string;
  lastName: string;
  role: NewUserRole;
}

const roleOptions: readonly SelectOption<NewUserRole>[] = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

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
  const field = fieldBinder(fields, (change) => setFields((current) => ({ ...current, ...change })));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.email.trim() === '') return;
    onSubmit(fields);
  }

  return (
    <form className="grid gap-4" onSubmit={submit}>
      <TextField
        id="new-user-email"
        label="Email"
        type="email"
        required
        autoComplete="off"
        {...field('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="new-user-first-name" label="First Name" {...field('firstName')} />
        <TextField id="new-user-last-name" label="Last Name" {...field('lastName')} />
      </div>
      <SelectField id="new-user-role" label="Role" {...field('role')} options={roleOptions} />
      <FormActions
        submitLabel="Create User"
        pendingLabel="Creating..."
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
