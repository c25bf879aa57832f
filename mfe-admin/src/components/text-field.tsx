import { cn, Input, Label } from '@app/ui';
import type { ComponentProps } from 'react';

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** For the field's place in a grid (`sm:col-span-2`). */
  className?: string;
};

/** A labelled text input. */
export function TextField({ id, label, value, onChange, className, ...input }: TextFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </div>
  );
}
