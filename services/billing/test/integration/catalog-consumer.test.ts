import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream } from '@app/contracts';
import { ensureStream } from '@app/eventing';
import { uniquePrefix } from '@app/test-support';
import { startBillingConsumers } from '../../src/integration/consumers/start-billing-consumers.js';
import { silentLogger, startBilling, type BillingHarness } from '../support/billing-harness.js';
import { eventually, natsFor } from '../support/nats.js';
import { createIntent, newBuyer, uuidv7 } from '../support/requests.js';

const prefix = uniquePrefix();
let h: BillingHarness;
let nats: Awaited<ReturnType<typeof natsFor>>;
let consumers: { stop(): Promise<void> };

beforeAll(async () => {
  h = await startBilling();
  nats = await natsFor(prefix, 'catalog.>');
  await ensureStream(await jetstreamManager(nats.nc), {
    name: `${prefix}_${catalogStream.name}`,
    subjects: catalogStream.subjects.map((subject) => `${prefix}.${subject}`),
  });
  consumers = await startBillingConsumers({
    nats: nats.nc,
    pool: h.pool,
    natsPrefix: prefix,
    logger: silentLogger,
  });
});
afterAll(async () => {
  await consumers?.stop();
  await nats?.close([catalogStream.name]);
  await h?.close();
});

/** As the catalogue's relay publishes: subject = prefix + type, Nats-Msg-Id = the envelope id. */
async function publish(type: string, data: Record<string, unknown>, id = uuidv7()) {
  const envelope = { id, type, occurredAt: new Date().toISOString(), data };
  await jetstream(nats.nc).publish(`${prefix}.${type}`, JSON.stringify(envelope), {
    msgID: `${id}-${uuidv7()}`,
  });
  return envelope;
}

const productRow = async (productId: string) =>
  (
    await h.pool.query(
      'SELECT name, slug, base_price_cents, is_active, deleted FROM products WHERE product_id = $1',
      [productId],
    )
  ).rows[0] as Record<string, unknown> | undefined;

const details = (productId: string, basePriceCents: number) => ({
  productId,
  name: 'Ledger',
  slug: `ledger-${productId}`,
  description: null,
  basePriceCents,
  category: null,
  color: '#112233',
  icon: 'Link',
  features: [],
});

describe("billing's copy of the catalogue", () => {
  it('follows the catalogue’s events, and checkouts are priced from it', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    await publish('catalog.product.created.v1', {
      ...details(productId, 4_900),
      isActive: false,
      createdAt: at,
    });
    await publish('catalog.product.updated.v1', { ...details(productId, 5_900), updatedAt: at });
    await publish('catalog.product.activated.v1', { productId, changedAt: at });
    await eventually(async () => (await productRow(productId))?.is_active === true);
    expect(await productRow(productId)).toEqual({
      name: 'Ledger',
      slug: `ledger-${productId}`,
      base_price_cents: '5900',
      is_active: true,
      deleted: false,
    });
    const buyer = await newBuyer();
    expect((await createIntent(h, buyer, { productId, amount: 49 })).statusCode).toBe(409);
    expect((await createIntent(h, buyer, { productId, amount: 59 })).statusCode).toBe(200);

    await publish('catalog.product.deleted.v1', { productId, name: 'Ledger', slug: 'x', deletedAt: at });
    await eventually(async () => (await productRow(productId))?.deleted === true);
    expect((await createIntent(h, buyer, { productId, amount: 59 })).statusCode).toBe(404);
  });

  it('applies a redelivered message once', async () => {
    const productId = uuidv7();
    const at = new Date().toISOString();
    const created = await publish('catalog.product.created.v1', {
      ...details(productId, 4_900),
      isActive: true,
      createdAt: at,
    });
    await publish('catalog.product.updated.v1', { ...details(productId, 6_900), updatedAt: at });
    // The same event again (a relay replay): it must not undo the price change that came after it.
    await publish(created.type, created.data, created.id);
    const marker = uuidv7();
    await publish('catalog.product.created.v1', { ...details(marker, 100), isActive: true, createdAt: at });
    await eventually(async () => (await productRow(marker)) !== undefined);
    expect(await productRow(productId)).toMatchObject({ base_price_cents: '6900' });
  });
});
