import { providerGroupLabels, type ProviderGroup } from '@app/contracts';
import { TextField } from '../../components/text-field.js';
import { SecretInput } from './secret-input.js';
import type { ProviderGroupValues } from './provider-fields.js';

interface ProviderGroupFormProps {
  group: ProviderGroup;
  values: ProviderGroupValues;
  passwordSet: boolean;
  onChange: (change: Partial<ProviderGroupValues>) => void;
}

/** One provider group in edit mode; the password starts empty because the screen never holds it. */
export function ProviderGroupForm({ group, values, passwordSet, onChange }: ProviderGroupFormProps) {
  const label = providerGroupLabels[group];
  const id = `provider-form-${group}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      <TextField
        id={`${id}-url`}
        label={`${label} Provider URL`}
        type="url"
        value={values.url}
        onChange={(url) => onChange({ url })}
      />
      <TextField
        id={`${id}-username`}
        label={`${label} Username`}
        autoComplete="off"
        value={values.username}
        onChange={(username) => onChange({ username })}
      />
      <SecretInput
        id={`${id}-password`}
        label={`${label} Password`}
        removeLabel={`Remove the saved ${label} password`}
        stored={passwordSet}
        secret={values.password}
        onChange={(password) => onChange({ password })}
      />
    </fieldset>
  );
}
