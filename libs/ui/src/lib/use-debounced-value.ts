import { useEffect, useState } from 'react';

/** How long typing rests before a search box's text is searched on the server. */
export const searchDebounceMs = 300;

/**
 * `value` once it has stopped changing for `delayMs`: a search box asks the server once per pause in typing,
 * not once per keystroke.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
