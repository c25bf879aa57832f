import { useSyncExternalStore } from 'react';

/** The catalogue grid's columns by width, as its classes lay it out: Tailwind's md (48rem) and lg (64rem). */
const wide = '(min-width: 64rem)';
const medium = '(min-width: 48rem)';

function columns(): number {
  if (typeof window.matchMedia !== 'function') return 1;
  if (window.matchMedia(wide).matches) return 3;
  return window.matchMedia(medium).matches ? 2 : 1;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const queries = [window.matchMedia(wide), window.matchMedia(medium)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

/** How many cards a row of the catalogue holds at the window's width, following resizes. */
export function useColumns(): number {
  return useSyncExternalStore(subscribe, columns, () => 1);
}
