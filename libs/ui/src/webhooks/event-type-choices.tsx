import { useId } from 'react';
import { offeredEventTypes } from './event-type-labels.js';

/** The offered event types as checkboxes in a fieldset, its error (the server's words) tied to it. */
export function EventTypeChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (type: string, checked: boolean) =>
    onChange(checked ? [...chosen, type] : chosen.filter((item) => item !== type));
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Event types</legend>
      {offeredEventTypes.map(({ type, label }) => (
        <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={chosen.includes(type)}
            onChange={(event) => toggle(type, event.currentTarget.checked)}
          />
          <span className="grid">
            <span>{label}</span>
            <span className="font-mono text-xs text-muted-foreground">{type}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
