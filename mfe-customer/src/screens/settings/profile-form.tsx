import type { CurrentUser } from '@app/contracts';
import { Button, toast } from '@app/ui';
import { fieldErrors, useUpdateProfile } from '@app/web-data';
import { useState, type FormEvent } from 'react';
import { profileChanges, profileValues, type ProfileField, type ProfileValues } from './profile-fields.js';
import { toastFailure } from '../../components/failure-toast.js';
import { LabelledField } from '../../components/labelled-field.js';

const labels: Record<ProfileField, { id: string; label: string; type: string; autoComplete: string }> = {
  firstName: { id: 'settings-first-name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  lastName: { id: 'settings-last-name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { id: 'settings-email', label: 'Email', type: 'email', autoComplete: 'email' },
};

export function ProfileForm({ user }: { user: CurrentUser }) {
  const saved = profileValues(user);
  const [values, setValues] = useState<ProfileValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updateProfile = useUpdateProfile();
  const changes = profileChanges(saved, values);
  const unchanged = Object.keys(changes).length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (unchanged || updateProfile.isPending) return;
    setErrors({});
    updateProfile.mutate(changes, {
      onSuccess: (updated) => {
        // What identity stored (trimmed, lower-cased email), so the form is unchanged again.
        setValues(profileValues(updated));
        toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        toastFailure('Failed to update profile', error);
      },
    });
  }

  const field = (name: ProfileField) => (
    <LabelledField
      {...labels[name]}
      name={name}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName')}
        {field('lastName')}
      </div>
      {field('email')}
      <Button type="submit" className="w-fit" disabled={unchanged || updateProfile.isPending}>
        {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
