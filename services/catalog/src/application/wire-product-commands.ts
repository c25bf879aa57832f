import type pg from 'pg';
import { aggregateStore, type EventStore } from '@app/eventing';
import { createProductCommands, type ProductCommands } from './product-commands.js';
import { products } from './products.js';
import { createSlugReservations } from './slug-reservations.js';

/** Product use cases with slug reservations that consult the event store to recognise stale ones. */
export function wireProductCommands(eventStore: EventStore, db: pg.Pool, now: () => Date): ProductCommands {
  const store = aggregateStore(eventStore, products);
  const slugs = createSlugReservations(db, async (productId) => {
    const { state } = await store.read(productId);
    return state.status === 'listed' ? state.details.slug : null;
  });
  return createProductCommands({ eventStore, slugs, now });
}
