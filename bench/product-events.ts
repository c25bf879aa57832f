/**
 * A product's history as the catalogue stores it, valid per @app/contracts product events: created, several
 * updates, deactivated and activated again, and for every tenth product deleted at the end (so the rebuild
 * exercises every event type the projection handles).
 */
import { v7 as uuidv7 } from 'uuid';
import { productEventSchema, type ProductEvent } from '../services/catalog/src/domain/product/events.js';
import type { NewEvent } from '@app/eventing';

/** The version of the details a product ends with (its name ends in ` v<version>`). */
export function finalVersion(length: number): number {
  return length - 3;
}

/** Whether productHistory(index, …) ends with ProductDeleted. */
export function endsDeleted(index: number): boolean {
  return index % 10 === 9;
}

export function productHistory(index: number, length: number): { productId: string; events: NewEvent[] } {
  if (length < 4) throw new Error('a product history here has at least 4 events');
  const productId = uuidv7();
  const started = Date.UTC(2026, 0, 1) + index * 60_000;
  const at = (step: number) => new Date(started + step * 1_000).toISOString();
  const details = (version: number) => ({
    productId,
    name: `Bench product ${index} v${version}`,
    slug: `bench-product-${index}`,
    description: version % 2 === 0 ? null : `Revision ${version} of a benchmark product.`,
    basePriceCents: 1_000 + version * 100,
    category: 'Bench',
    color: '#3B82F6',
    icon: 'BarChart3' as const,
    features: ['Dashboards', `Feature ${version}`],
  });

  const history: ProductEvent[] = [
    { type: 'ProductCreated', data: { ...details(0), isActive: true, createdAt: at(0) } },
  ];
  const updates = length - 4;
  for (let version = 1; version <= updates; version += 1) {
    history.push({ type: 'ProductUpdated', data: { ...details(version), updatedAt: at(version) } });
  }
  history.push({ type: 'ProductDeactivated', data: { productId, deactivatedAt: at(updates + 1) } });
  history.push({ type: 'ProductActivated', data: { productId, activatedAt: at(updates + 2) } });
  const last = details(finalVersion(length));
  history.push(
    endsDeleted(index)
      ? {
          type: 'ProductDeleted',
          data: { productId, name: last.name, slug: last.slug, deletedAt: at(updates + 3) },
        }
      : { type: 'ProductUpdated', data: { ...last, updatedAt: at(updates + 3) } },
  );

  return {
    productId,
    events: history.map((event) => ({
      id: uuidv7(),
      type: event.type,
      // Parsed on the way out, so a history that drifts from the contract fails here, not inside the rebuild.
      data: productEventSchema.parse(event).data,
      metadata: { actorId: 'bench', schemaVersion: 1 },
    })),
  };
}
