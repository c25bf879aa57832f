import { Input, Label } from '@app/ui';
import type { ComponentProps } from 'react';

interface LabelledFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
}

/** A labelled input whose message, when it has one, is tied to it by `aria-invalid` and `aria-describedby`. */
export function LabelledField({ id, label, error, ...input }: LabelledFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
