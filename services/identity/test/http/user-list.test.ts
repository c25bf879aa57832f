import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@app/contracts';
import { encodeCursor } from '@app/service-kit';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import { wireUserCommands } from '../../src/application/wire-user-commands.js';
import { startIdentity } from '../support/identity-harness.js';
import { walkPages } from '@app/test-support/pages';
import { asAdmin, newEmail } from '../support/requests.js';

const identity = startedForFile(startIdentity);

/** Names that hold LIKE's wildcards and escape character literally; several accounts made at one instant. */
const fixtures = [
  { firstName: 'Ada', lastName: 'Lovelace', role: 'admin' },
  { firstName: 'Grace', lastName: 'Hopper', role: 'tenant' },
  { firstName: 'Alan', lastName: 'Turing', role: 'tenant' },
  { firstName: '50%', lastName: 'Discount', role: 'tenant' },
  { firstName: '50', lastName: 'Percent', role: 'tenant' },
  { firstName: 'under_score', lastName: null, role: 'admin' },
  { firstName: 'underXscore', lastName: null, role: 'tenant' },
  { firstName: null, lastName: 'Back\\slash', role: 'tenant' },
  { firstName: null, lastName: null, role: 'tenant' },
] as const;
const sameInstant = new Date('2026-03-01T12:00:00.000Z');

/** Three rows one microsecond apart, which a key cut to milliseconds would skip or repeat at a page boundary. */
const microsecondRows = ['00:00:00.000001', '00:00:00.000002', '00:00:00.000003'];

beforeAll(async () => {
  let clock = new Date('2026-03-01T09:00:00.000Z');
  const commands = wireUserCommands(identity.eventStore, identity.pool, () => clock);
  for (const [index, fixture] of fixtures.entries()) {
    clock = index < 4 ? sameInstant : new Date(sameInstant.getTime() + index * 1_000);
    const email = newEmail(`${fixture.firstName ?? fixture.lastName ?? 'anon'}`.replace(/[^a-z0-9]/gi, 'x'));
    const { position } = await commands.register(
      { ...fixture, email, registeredVia: 'admin' },
      { metadata: {} },
    );
    await identity.projections.waitFor(position!, 5_000);
  }
  for (const [index, time] of microsecondRows.entries()) {
    await identity.pool.query(
      `INSERT INTO users (id, email, first_name, last_name, role, is_active, revision, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'Micro', $2, 'tenant', true, 0, $3, $3)`,
      [newEmail('micro'), `Second ${index}`, `2026-03-02T${time}Z`],
    );
  }
});

/** Every account's id in the database's own order, newest first, the order a walk must reproduce. */
async function idsInOrder(where = 'true', params: unknown[] = []): Promise<string[]> {
  const { rows } = await identity.pool.query<{ id: string }>(
    `SELECT id FROM users WHERE ${where} ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows.map((row) => row.id);
}

async function list(url: string) {
  const response = await identity.app.inject({ method: 'GET', url, headers: await asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<User[]>();
}

const found = async (q: string) =>
  (await list(`/api/admin/users?q=${encodeURIComponent(q)}`))
    .map((user) => [user.firstName, user.lastName].filter(Boolean).join(' '))
    .sort();

describe('GET /api/admin/users pages', () => {
  it.each([1, 2, 5])(
    'walks every account once, newest first, %i a page, following rel="next"',
    async (limit) => {
      const pages = await walkPages<User>(identity.app, `/api/admin/users?limit=${limit}`, await asAdmin());
      const total = fixtures.length + microsecondRows.length;

      expect(pages.flatMap((page) => page.items.map((user) => user.id))).toEqual(await idsInOrder());
      expect(pages).toHaveLength(Math.ceil(total / limit));
      for (const page of pages.slice(1))
        expect(page.url).toMatch(/^\/api\/admin\/users\?limit=\d+&cursor=[\w-]+$/);
    },
  );

  it('pages within a role, keeping it in the Link', async () => {
    const pages = await walkPages<User>(identity.app, '/api/admin/users?role=admin&limit=1', await asAdmin());

    expect(pages[1]?.url).toMatch(/^\/api\/admin\/users\?role=admin&limit=1&cursor=[\w-]+$/);
    expect(pages.flatMap((page) => page.items.map((user) => user.id))).toEqual(
      await idsInOrder('role = $1', ['admin']),
    );
    expect(pages.flatMap((page) => page.items.map((user) => user.role))).toEqual(['admin', 'admin']);
  });
});

describe('GET /api/admin/users search', () => {
  it('finds a part of the first name, the last name, the whole name or the email, in any case', async () => {
    expect(await found('ADA')).toEqual(['Ada Lovelace']);
    expect(await found('hopp')).toEqual(['Grace Hopper']);
    expect(await found('alan turing')).toEqual(['Alan Turing']);
    const [someone] = await list('/api/admin/users?q=Lovelace');
    expect(await found(someone!.email.split('@')[0]!.toUpperCase())).toEqual(['Ada Lovelace']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await found('50%')).toEqual(['50% Discount']);
    expect(await found('under_score')).toEqual(['under_score']);
    expect(await found('k\\s')).toEqual(['Back\\slash']);
    expect(await found('%%')).toEqual([]);
  });

  it('combines with a role', async () => {
    const admins = await list('/api/admin/users?q=score&role=admin');
    expect(admins.map((user) => user.firstName)).toEqual(['under_score']);
  });
});

describe('GET /api/admin/users refuses', () => {
  const refusal = async (url: string) => {
    const response = await identity.app.inject({ method: 'GET', url, headers: await asAdmin() });
    expect(response.statusCode, url).toBe(400);
    return response.json<{ type: string; errors: Array<{ path: string }> }>();
  };

  it('a cursor it did not give out, a 30th of February among them', async () => {
    const id = '0196f2a0-0000-7000-8000-000000000001';
    const forged = [
      encodeCursor(['2026-03-01T12:00:00.000000Z']),
      encodeCursor(['2026-02-30T12:00:00.000000Z', id]),
      encodeCursor(['2026-03-01T12:00:00Z', id]),
      encodeCursor(['2026-03-01T12:00:00.000000Z', 'not-an-id']),
      'bm90LWpzb24',
    ];
    for (const cursor of forged) {
      expect(await refusal(`/api/admin/users?cursor=${cursor}`)).toMatchObject({
        type: 'urn:problem:invalid-cursor',
      });
    }
  });

  it('a limit outside 1 to 200, an unknown role or parameter', async () => {
    for (const limit of ['0', '201', 'ten']) {
      expect((await refusal(`/api/admin/users?limit=${limit}`)).errors[0]?.path).toBe('limit');
    }
    expect((await refusal('/api/admin/users?role=owner')).errors[0]?.path).toBe('role');
    expect((await refusal('/api/admin/users?status=active')).errors[0]?.path).toBe('status');
  });

  it('anyone but an admin', async () => {
    for (const url of ['/api/admin/users', '/api/admin/users/summary']) {
      expect((await identity.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const tenant = await identity.app.inject({
        method: 'GET',
        url,
        headers: await identityHeaders('tenant'),
      });
      expect(tenant.statusCode).toBe(403);
    }
  });
});

it('documents the Link header and the filters of the list', async () => {
  const document = (await identity.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const operation = document.paths['/api/admin/users'].get;

  expect(operation.responses['200'].headers.link.description).toMatch(/rel="next"/);
  expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
    expect.arrayContaining(['limit', 'cursor', 'q', 'role']),
  );
});
