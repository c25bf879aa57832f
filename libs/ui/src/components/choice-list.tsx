import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.js';

export interface Choice<Value extends string> {
  value: Value;
  label: ReactNode;
  /** Beside the label, right-aligned: a price, a badge. */
  aside?: ReactNode;
  disabled?: boolean;
}

/**
 * One of a few options, each a bordered row with native radio semantics (arrow keys move, a label names each),
 * the chosen one outlined. `legend` names the group.
 */
export function ChoiceList<Value extends string>({
  legend,
  choices,
  value,
  disabled,
  onChange,
  className,
}: {
  legend: string;
  choices: readonly Choice<Value>[];
  value: Value | null;
  disabled?: boolean;
  onChange: (value: Value) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset data-slot="choice-list" className={cn('grid gap-2', className)} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            'flex cursor-pointer flex-wrap items-center gap-3 rounded-lg border border-border p-3',
            'has-checked:border-primary has-disabled:cursor-default has-disabled:opacity-70',
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            className="size-4 accent-primary"
            checked={value === choice.value}
            disabled={choice.disabled}
            onChange={() => onChange(choice.value)}
          />
          {/* A minimum width wraps the aside below a long label on a phone instead of squeezing it. */}
          <span className="min-w-24 flex-1 font-medium">{choice.label}</span>
          {choice.aside}
        </label>
      ))}
    </fieldset>
  );
}
