import { screen, within } from '@testing-library/react';

/** Queries inside the card whose title is the level-2 heading `title`. */
export function cardTitled(title: string) {
  const heading = screen.getByRole('heading', { name: title, level: 2 });
  const root = heading.closest('[data-slot="card"]');
  if (!(root instanceof HTMLElement)) throw new Error(`no card titled ${title}`);
  return within(root);
}
