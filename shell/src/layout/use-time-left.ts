import { useEffect, useState } from 'react';

/** Milliseconds until `until` (ISO), counted down once a second; 0 once it has passed. */
export function useTimeLeft(until: string, now: () => number = Date.now): number {
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), 1000);
    return () => clearInterval(timer);
  }, [now]);
  return Math.max(0, Date.parse(until) - at);
}

/** "29:05": minutes and seconds, as a countdown shows them. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
