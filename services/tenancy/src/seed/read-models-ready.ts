import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { CheckpointWatcher, Position } from '@app/eventing';
import { findProductCopy } from '../projections/products-copy.js';
import { tenantExists } from '../projections/subscription-queries.js';

const besideTheService =
  'The demo subscription seed runs beside the tenancy service (npm start runs it once the service is ready)';

/** Waits until tenancy's tenants read model, kept by the running service's projection, shows every tenant. */
export async function tenantsVisible(
  db: pg.Pool,
  tenantIds: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const missing = await untilPresent(tenantIds, (id) => tenantExists(db, id), timeoutMs);
  if (missing.length === 0) return;
  throw new Error(
    `tenancy's read model shows no demo tenant(s) ${missing.join(', ')} after ${seconds(timeoutMs)}. ` +
      `${besideTheService}: is it running, with its projections?`,
  );
}

/**
 * Waits until tenancy's copy of the catalogue (filled by the service's consumer of the catalogue's NATS events)
 * holds every product.
 */
export async function productCopiesPresent(
  db: pg.Pool,
  productIds: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const missing = await untilPresent(
    productIds,
    async (id) => (await findProductCopy(db, id)) !== null,
    timeoutMs,
  );
  if (missing.length === 0) return;
  throw new Error(
    `tenancy has no copy of demo product(s) ${missing.join(', ')} after ${seconds(timeoutMs)}. ` +
      `${besideTheService}, after the catalog service and its seed: are they running, and is NATS carrying ` +
      "the catalogue's events?",
  );
}

/** Waits until the service's projections have applied what the seed appended up to `position`. */
export async function projectionsReached(
  readModels: CheckpointWatcher,
  position: Position,
  timeoutMs: number,
): Promise<void> {
  if (await readModels.waitFor(position, timeoutMs)) return;
  throw new Error(
    `tenancy's read models did not show the demo subscriptions within ${seconds(timeoutMs)}. ` +
      `${besideTheService}: is it running, with its projections?`,
  );
}

/** Polls until `isPresent` holds for every id or `timeoutMs` passes; answers the ids still missing. */
async function untilPresent(
  ids: readonly string[],
  isPresent: (id: string) => Promise<boolean>,
  timeoutMs: number,
  pollIntervalMs = 100,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let missing = [...new Set(ids)];
  for (;;) {
    const present = await Promise.all(missing.map(isPresent));
    missing = missing.filter((_, index) => !present[index]);
    const left = deadline - Date.now();
    if (missing.length === 0 || left <= 0) return missing;
    await delay(Math.min(pollIntervalMs, left));
  }
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
