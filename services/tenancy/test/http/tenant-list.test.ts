import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '@app/contracts';
import { startedForFile } from '@app/test-support/started-for-file';
import { asAdmin, createTenant, patchTenant } from '../support/requests.js';
import { nextPageOf, walkPages } from '@app/test-support/pages';
import { newestFirst } from '../support/newest-first.js';
import { startTenancy } from '../support/tenancy-harness.js';

const tenancy = startedForFile(startTenancy);

async function list(url: string) {
  return tenancy.app.inject({ method: 'GET', url, headers: await asAdmin() });
}
const namesOf = (response: { json<T>(): T }) => response.json<Tenant[]>().map((tenant) => tenant.name);

/** Tenants of one new owner, so a test lists only its own. */
async function ownersTenants(count: number, name = (index: number) => `Paged ${index}`) {
  const ownerId = randomUUID();
  const tenants: Tenant[] = [];
  for (let index = 0; index < count; index += 1) {
    tenants.push((await createTenant(tenancy, { name: name(index), ownerId })).tenant);
  }
  return { ownerId, tenants };
}

describe('GET /api/admin/tenants', () => {
  it('walks the pages newest first, each tenant once, while newer tenants arrive between pages', async () => {
    const { ownerId, tenants } = await ownersTenants(7);

    const pages = await walkPages<Tenant>(
      tenancy.app,
      `/api/admin/tenants?ownerId=${ownerId}&limit=3`,
      await asAdmin(),
      () => createTenant(tenancy, { name: 'Arrived while paging', ownerId }),
    );

    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items.map((tenant) => tenant.id))).toEqual(
      newestFirst(tenants).map((tenant) => tenant.id),
    );
    for (const page of pages.slice(1)) {
      expect(page.url).toMatch(
        new RegExp(`^/api/admin/tenants\\?ownerId=${ownerId}&limit=3&cursor=[\\w-]+$`),
      );
    }
    const fresh = await list(`/api/admin/tenants?ownerId=${ownerId}&limit=200`);
    expect(fresh.json()).toHaveLength(9);
  });

  it('pages by the time to the microsecond, then by id, as Postgres holds them', async () => {
    const ownerId = randomUUID();
    // Within one millisecond, and two at the very same instant: a cursor rounded to milliseconds would skip
    // or repeat some of them.
    const times = ['.123000', '.123456', '.123457', '.123457', '.123999'].map(
      (micros) => `2026-03-01T10:00:00${micros}Z`,
    );
    const ids = times.map(() => randomUUID());
    for (const [index, createdAt] of times.entries()) {
      await tenancy.pool.query(
        `INSERT INTO tenants (id, name, slug, status, owner_id, revision, created_at, updated_at)
         VALUES ($1, $2, $3, 'active', $4, 0, $5, $5)`,
        [ids[index], `Instant ${index}`, `instant-${ids[index]}`, ownerId, createdAt],
      );
    }
    const { rows } = await tenancy.pool.query<{ id: string }>(
      'SELECT id FROM tenants WHERE owner_id = $1 ORDER BY created_at DESC, id DESC',
      [ownerId],
    );

    for (const limit of [1, 2]) {
      const pages = await walkPages<Tenant>(
        tenancy.app,
        `/api/admin/tenants?ownerId=${ownerId}&limit=${limit}`,
        await asAdmin(),
      );
      expect(pages.flatMap((page) => page.items.map((tenant) => tenant.id))).toEqual(
        rows.map((row) => row.id),
      );
    }
  });

  it('filters by status and owner, and finds q in the name or slug whatever its case', async () => {
    const { ownerId, tenants } = await ownersTenants(
      3,
      (index) => [`North Star`, `South Pole`, `Northwind`][index]!,
    );
    const [north, , northwind] = tenants as [Tenant, Tenant, Tenant];
    await patchTenant(tenancy, north.id, { status: 'suspended', name: 'Renamed Star' });
    await createTenant(tenancy, { name: 'North Star' });

    const mine = `/api/admin/tenants?ownerId=${ownerId}`;
    expect(namesOf(await list(`${mine}&status=suspended`))).toEqual(['Renamed Star']);
    expect(namesOf(await list(`${mine}&status=active`))).toEqual(['Northwind', 'South Pole']);
    // "north-star" is only in the renamed tenant's slug; NORTH matches both cases of the names.
    expect(namesOf(await list(`${mine}&q=north-star`))).toEqual(['Renamed Star']);
    expect(namesOf(await list(`${mine}&q=NORTH`))).toEqual(['Northwind', 'Renamed Star']);
    expect(namesOf(await list(`${mine}&q=north&status=active`))).toEqual([northwind.name]);
    expect(namesOf(await list(`${mine}&q=%20%20`))).toHaveLength(3);
    expect(namesOf(await list(`/api/admin/tenants?q=north%20star&limit=200`))).toContain('North Star');
  });

  it('takes %, _ and \\ in q literally', async () => {
    const { ownerId } = await ownersTenants(
      5,
      (index) => ['Sale 50% off', 'Sale 500 off', 'snake_case', 'snakeXcase', 'back\\slash'][index]!,
    );
    const search = async (q: string) =>
      namesOf(await list(`/api/admin/tenants?ownerId=${ownerId}&q=${encodeURIComponent(q)}`));

    expect(await search('50%')).toEqual(['Sale 50% off']);
    expect(await search('%')).toEqual(['Sale 50% off']);
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('_')).toEqual(['snake_case']);
    expect(await search('k\\s')).toEqual(['back\\slash']);
    expect(await search('sale 50')).toEqual(['Sale 500 off', 'Sale 50% off']);
  });

  it('refuses a limit out of bounds, a cursor it did not give out and unknown filters with a 400', async () => {
    await ownersTenants(1);
    expect((await list('/api/admin/tenants?limit=200')).statusCode).toBe(200);
    expect((await list('/api/admin/tenants?limit=1')).json()).toHaveLength(1);
    for (const limit of ['0', '201', '-1', '1.5', 'ten']) {
      const response = await list(`/api/admin/tenants?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().errors[0].path).toBe('limit');
    }
    const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const forged = [
      'not-a-cursor',
      cursorOf(['2026-02-30T00:00:00.000000Z', randomUUID()]),
      cursorOf(['2026-03-01 10:00:00+00', randomUUID()]),
      cursorOf(['2026-03-01T10:00:00.000000Z', 'not-a-uuid']),
      cursorOf(['2026-03-01T10:00:00.000000Z']),
    ];
    for (const cursor of forged) {
      const response = await list(`/api/admin/tenants?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ type: 'urn:problem:invalid-cursor' });
    }
    for (const query of ['status=deleted', 'ownerId=someone', 'sort=name', `q=${'x'.repeat(101)}`]) {
      expect((await list(`/api/admin/tenants?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('sends a Link while more remain, none on the last page, and documents both in OpenAPI', async () => {
    const { ownerId } = await ownersTenants(2);
    const first = await list(`/api/admin/tenants?ownerId=${ownerId}&limit=1`);
    const next = nextPageOf(first.headers['link']);
    expect(next).toBeDefined();
    const last = await list(next as string);
    expect(last.json()).toHaveLength(1);
    expect(last.headers['link']).toBeUndefined();

    const document = (await tenancy.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/api/admin/tenants'].get;
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'q', 'status', 'ownerId']),
    );
    expect(operation.responses['200'].headers.link.description).toMatch(/rel="next"/);
  });
});
