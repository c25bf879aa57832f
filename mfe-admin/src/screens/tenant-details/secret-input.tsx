import { Input, Label, Switch } from '@app/ui';
import type { SecretValue } from './secret-value.js';

interface SecretInputProps {
  id: string;
  label: string;
  /** The remove switch's label, e.g. "Remove the saved key". */
  removeLabel: string;
  /** Whether the server holds one now: only then is there something to keep or remove. */
  stored: boolean;
  secret: SecretValue;
  onChange: (secret: SecretValue) => void;
}

/** A write-only secret (metrics API key, provider password): masked, with keep / replace / remove. */
export function SecretInput({ id, label, removeLabel, stored, secret, onChange }: SecretInputProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        aria-describedby={`${id}-hint`}
        disabled={secret.clear}
        value={secret.value}
        onChange={(event) => onChange({ value: event.target.value, clear: false })}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {stored ? 'Leave empty to keep the saved value.' : 'Nothing is saved yet.'}
      </p>
      {stored ? (
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-clear`}
            checked={secret.clear}
            onCheckedChange={(clear) => onChange({ value: '', clear })}
          />
          <Label htmlFor={`${id}-clear`} className="text-sm font-normal">
            {removeLabel}
          </Label>
        </div>
      ) : null}
    </div>
  );
}
