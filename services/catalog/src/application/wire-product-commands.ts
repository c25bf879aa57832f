import type pg from 'pg';
import { aggregateStore, aggregateUniqueValues, type EventStore } from '@app/eventing';
import { createProductCommands, slugOf, type ProductCommands } from './product-commands.js';
import { products } from './products.js';

/**
 * Product use cases with their slug reservations. Slugs are unique among products that are not deleted
 * (SPEC.md §3, ARCHITECTURE.md "Catalogue"); a stale reservation is checked against its product's own stream.
 */
export function wireProductCommands(eventStore: EventStore, db: pg.Pool, now: () => Date): ProductCommands {
  const slugs = aggregateUniqueValues({
    db,
    store: aggregateStore(eventStore, products),
    valueOf: slugOf,
    table: { name: 'product_slugs', valueColumn: 'slug', ownerColumn: 'product_id' },
    takenMessage: (slug) => `The slug "${slug}" is already used by another product`,
  });
  return createProductCommands({ eventStore, slugs, now });
}
