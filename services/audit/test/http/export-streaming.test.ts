import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { identityHeaders, testIdentitySecret } from '@app/service-kit/testing';
import { createSchemaDatabase } from '@app/test-support';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { auditSchema } from '../../src/config.js';
import { prepareAuditStorage } from '../../src/runtime.js';

/**
 * The database behind the app, with a gate: the trail's queries after the first `open` wait until the test lets
 * them through, so the test sees what the download does while most of the list is still unread.
 */
function gatedPool(pool: pg.Pool, open: number) {
  let pages = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const gated = Object.create(pool) as pg.Pool;
  gated.query = (async (...args: Parameters<pg.Pool['query']>) => {
    if (String(args[0]).includes('FROM audit_entries') && ++pages > open) await gate;
    return (pool.query as (...a: unknown[]) => unknown)(...args);
  }) as pg.Pool['query'];
  return { gated, pagesAsked: () => pages, release };
}

const storage = await createSchemaDatabase(inject('databaseUrl'), auditSchema);
await prepareAuditStorage(storage.pool);
afterAll(() => storage.close());

describe('an export of a long trail', () => {
  it('starts sending before it has read the list, and reads it a page at a time as the download takes it', async () => {
    const tenantId = randomUUID();
    await storage.pool.query(
      `INSERT INTO audit_entries (event_id, occurred_at, producer, action, actor_type, actor_id, entity_type,
         entity_id, entity_label, tenant_id, changes)
       SELECT gen_random_uuid(), timestamptz '2026-10-01' + n * interval '1 second', 'catalog', 'product.updated',
              'system', 'seed', 'product', gen_random_uuid()::text, 'Product ' || n, $1,
              '[{"field":"Base price","before":"$1.00","after":"$2.00"}]'::jsonb
         FROM generate_series(1, 2000) AS n`,
      [tenantId],
    );
    const db = gatedPool(storage.pool, 2);
    const app = await buildApp({
      identitySecret: testIdentitySecret,
      logLevel: 'silent',
      db: db.gated,
      readiness: [],
      exportPageRows: 200,
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const url = `/api/admin/audit/export?tenantId=${tenantId}`;
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        headers: await identityHeaders('admin', testIdentitySecret, {}, { method: 'GET', url }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value, { stream: true });
      expect(text.startsWith('Time,Actor,')).toBe(true);
      // The download has begun with 2 of its 10 pages read: the rest waits behind the gate.
      expect(db.pagesAsked()).toBeLessThanOrEqual(3);

      db.release();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
      const lines = text.split('\r\n').filter((line) => line !== '');
      expect(lines).toHaveLength(2_001);
      expect(lines[1]).toContain('Product 2000');
      expect(lines.at(-1)).toContain('Product 1,');
      expect(db.pagesAsked()).toBe(10);
    } finally {
      await app.close();
    }
  });
});
