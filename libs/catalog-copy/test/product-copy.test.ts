import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { IntegrationEnvelope } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { catalogProductCopy } from '../src/index.js';

/** Two consumers' tables, as tenancy's and billing's migrations make them: one keeps colours, one slugs. */
const tables = {
  colours: 'color text NOT NULL',
  slugs: 'slug text NOT NULL',
} as const;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
  for (const [schema, detail] of Object.entries(tables)) {
    await database.pool.query(`CREATE SCHEMA ${schema}`);
    await database.pool.query(
      `CREATE TABLE ${schema}.products (product_id uuid PRIMARY KEY, name text NOT NULL,
         base_price_cents bigint NOT NULL, basic_price_cents bigint, enterprise_price_cents bigint, ${detail}, is_active boolean NOT NULL,
         deleted boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL)`,
    );
  }
});

afterAll(async () => {
  await database?.drop();
});

const at = '2026-11-21T10:00:00.000Z';
const envelope = (type: string, data: Record<string, unknown>): IntegrationEnvelope => ({
  id: uuidv7(),
  type,
  occurredAt: at,
  data,
});
const details = (productId: string, name: string) => ({
  productId,
  name,
  slug: `slug-${name.toLowerCase()}`,
  description: null,
  basePriceCents: 4_900,
  category: null,
  color: '#112233',
  icon: 'Link',
  features: [],
});

/** Applies the messages in one transaction on the consumer's schema and reads its row back. */
async function copyInto(schema: keyof typeof tables, messages: IntegrationEnvelope[], productId: string) {
  const apply = catalogProductCopy({ keeps: schema === 'colours' ? ['color'] : ['slug'] });
  const client = await database.pool.connect();
  try {
    await client.query(`SET search_path TO ${schema}`);
    for (const message of messages) await apply(message, client);
    const { rows } = await client.query('SELECT * FROM products WHERE product_id = $1', [productId]);
    return rows[0] as Record<string, unknown> | undefined;
  } finally {
    await client.query('RESET search_path');
    client.release();
  }
}

describe('catalogProductCopy', () => {
  it('writes only the details a consumer keeps', async () => {
    const productId = uuidv7();
    const created = envelope('catalog.product.created.v1', {
      ...details(productId, 'Ledger'),
      isActive: true,
      createdAt: at,
    });
    expect(await copyInto('colours', [created], productId)).toMatchObject({ color: '#112233' });
    expect(await copyInto('slugs', [created], productId)).toMatchObject({ slug: 'slug-ledger' });
  });

  it('keeps a product first heard of through its deletion, as deleted, with the default colour', async () => {
    const productId = uuidv7();
    const deleted = envelope('catalog.product.deleted.v1', {
      productId,
      name: 'Gone',
      slug: 'gone',
      deletedAt: at,
    });
    expect(await copyInto('colours', [deleted], productId)).toMatchObject({
      name: 'Gone',
      base_price_cents: '0',
      color: '#3B82F6',
      is_active: false,
      deleted: true,
    });
  });

  it('counts an update of a product never seen as inactive, and copies nothing of another version', async () => {
    const productId = uuidv7();
    const futureId = uuidv7();
    const updated = envelope('catalog.product.updated.v1', { ...details(productId, 'Late'), updatedAt: at });
    const future = envelope('catalog.product.created.v2', { ...details(futureId, 'Next'), isActive: true });
    expect(await copyInto('slugs', [future, updated], productId)).toMatchObject({
      name: 'Late',
      is_active: false,
      deleted: false,
    });
    expect(await copyInto('slugs', [], futureId)).toBeUndefined();
  });

  it("copies the plans' prices, and reads a message from before they existed as professional only", async () => {
    const productId = uuidv7();
    const created = envelope('catalog.product.created.v1', {
      ...details(productId, 'Plans'),
      basicPriceCents: 1_900,
      enterprisePriceCents: 9_900,
      isActive: true,
      createdAt: at,
    });
    expect(await copyInto('slugs', [created], productId)).toMatchObject({
      base_price_cents: '4900',
      basic_price_cents: '1900',
      enterprise_price_cents: '9900',
    });
    const cleared = envelope('catalog.product.updated.v1', {
      ...details(productId, 'Plans'),
      basicPriceCents: null,
      enterprisePriceCents: 12_000,
      updatedAt: at,
    });
    expect(await copyInto('slugs', [cleared], productId)).toMatchObject({
      basic_price_cents: null,
      enterprise_price_cents: '12000',
    });
    const older = envelope('catalog.product.updated.v1', { ...details(productId, 'Plans'), updatedAt: at });
    expect(await copyInto('colours', [created, older], productId)).toMatchObject({
      basic_price_cents: null,
      enterprise_price_cents: null,
    });
  });
});
