import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@app/ui';
import type { ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
}

interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V | '';
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** Shown while no option is chosen. */
  placeholder?: string;
}

/** A labelled select over a fixed set of options. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
}: SelectFieldProps<V>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* Radix hands back the chosen item's value, which is always one of `options`. */}
      <Select value={value} onValueChange={(chosen) => onChange(chosen as V)}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
