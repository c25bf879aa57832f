import { providerGroupLabels, type ProviderGroup } from '@app/contracts';
import { Input, Label } from '@app/ui';
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{label} Provider URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          value={values.url}
          onChange={(event) => onChange({ url: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-username`}>{label} Username</Label>
        <Input
          id={`${id}-username`}
          autoComplete="off"
          value={values.username}
          onChange={(event) => onChange({ username: event.target.value })}
        />
      </div>
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
