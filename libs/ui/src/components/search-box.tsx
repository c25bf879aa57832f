import { SearchIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { Input } from './input.js';
import { Label } from './label.js';

type SearchBoxProps = Omit<ComponentProps<typeof Input>, 'id' | 'type' | 'value' | 'onChange'> & {
  id: string;
  /** The box's accessible name, read by screen readers only; the placeholder says it on screen. */
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A search field with its magnifier icon: the catalogue's and the admin lists' search. */
export function SearchBox({ id, label, value, onChange, className, ...input }: SearchBoxProps) {
  return (
    <div className={cn('relative', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </div>
  );
}
