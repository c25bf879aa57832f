import { Input, Label } from '@app/ui';
import type { ComponentProps } from 'react';

interface CardFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange'> {
  id: string;
  label: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

/** One card input with its label and, when wrong, its message tied to it for screen readers. */
export function CardField({ id, label, error, onValueChange, ...input }: CardFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
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
