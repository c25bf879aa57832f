import type { ReactNode } from 'react';

/**
 * One section's read: its placeholder while pending, "Unavailable" when the read failed (the page states why
 * once, in its error list), else the section drawn from the data.
 */
export function Loaded<T>({
  data,
  failed,
  placeholder,
  children,
}: {
  data: T | undefined;
  failed: boolean;
  placeholder: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (failed) return <p className="text-sm text-muted-foreground">Unavailable</p>;
  return placeholder;
}
