import type pg from 'pg';
import { createUniqueValueReservations, type UniqueValueReservations } from '@app/eventing';

/** Slugs are unique among products that are not deleted (SPEC.md §3, ARCHITECTURE.md "Catalogue"). */
export type SlugReservations = UniqueValueReservations;

export function createSlugReservations(
  db: pg.Pool,
  currentSlugOf: (productId: string) => Promise<string | null>,
): SlugReservations {
  return createUniqueValueReservations({
    db,
    table: { name: 'product_slugs', valueColumn: 'slug', ownerColumn: 'product_id' },
    currentValueOf: currentSlugOf,
    takenMessage: (slug) => `The slug "${slug}" is already used by another product`,
  });
}
