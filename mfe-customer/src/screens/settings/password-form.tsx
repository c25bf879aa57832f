import { Button, toast } from '@app/ui';
import { fieldErrors, useChangePassword } from '@app/web-data';
import { useState, type FormEvent } from 'react';
import {
  emptyPasswordValues,
  passwordChangeBody,
  passwordFormErrors,
  type PasswordField,
  type PasswordValues,
} from './password-fields.js';
import { toastFailure } from '../../components/failure-toast.js';
import { LabelledField } from '../../components/labelled-field.js';
import { UnavailableAction } from './unavailable-action.js';

const fields: { name: PasswordField; id: string; label: string; autoComplete: string }[] = [
  {
    name: 'currentPassword',
    id: 'current-password',
    label: 'Current password',
    autoComplete: 'current-password',
  },
  { name: 'newPassword', id: 'new-password', label: 'New password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    id: 'confirm-password',
    label: 'Confirm password',
    autoComplete: 'new-password',
  },
];

/** POST /api/auth/password: checked here first, then by identity, whose field messages land beside the fields. */
export function PasswordForm() {
  const [values, setValues] = useState<PasswordValues>(emptyPasswordValues);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const changePassword = useChangePassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = passwordFormErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || changePassword.isPending) return;
    changePassword.mutate(passwordChangeBody(values), {
      onSuccess: () => {
        setValues(emptyPasswordValues);
        toast({ title: 'Password updated', description: 'Your other sessions have been signed out.' });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        toastFailure('Failed to update password', error);
      },
    });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      {fields.map(({ name, ...field }) => (
        <LabelledField
          key={name}
          {...field}
          name={name}
          type="password"
          value={values[name]}
          error={errors[name]}
          onChange={(event) => {
            const { value } = event.target;
            setValues((current) => ({ ...current, [name]: value }));
          }}
        />
      ))}
      <div className="flex flex-wrap items-start gap-3">
        <Button type="submit" disabled={changePassword.isPending}>
          {changePassword.isPending ? 'Updating...' : 'Update Password'}
        </Button>
        <UnavailableAction id="enable-2fa" label="Enable 2FA" variant="outline" />
      </div>
    </form>
  );
}
