import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { startCatalog } from '../support/catalog-harness.js';
import { asAdmin, listAs, newProduct } from '../support/requests.js';

const catalog = startedForFile(() => startCatalog({ readYourWritesTimeoutMs: 200 }));

describe('read-your-writes', () => {
  it('answers at once when its projection keeps up', async () => {
    const response = await catalog.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: await asAdmin(),
      payload: newProduct(),
    });
    expect(response.headers['x-view-may-lag']).toBeUndefined();
    expect((await listAs(catalog, 'admin')).map((p) => p.id)).toContain(response.json().id);
  });

  it('answers after a bounded wait, saying the view may lag, when its projection is held up', async () => {
    // Holding the projection's checkpoint row lock stalls its next batch, as a slow read model would.
    const blocker = await catalog.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query("SELECT 1 FROM catalog.checkpoints WHERE name = 'catalog.products.v1' FOR UPDATE");
      const started = Date.now();
      const response = await catalog.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: await asAdmin(),
        payload: newProduct(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['x-view-may-lag']).toBe('true');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect((await listAs(catalog, 'admin')).map((p) => p.id)).not.toContain(response.json().id);
      await blocker.query('COMMIT');
      const visible = await catalog.projections.waitFor(
        (await catalog.eventStore.readStream(`catalog_product-${response.json().id}`)).events[0]!.position,
        5_000,
      );
      expect(visible).toBe(true);
    } finally {
      blocker.release();
    }
  });
});
