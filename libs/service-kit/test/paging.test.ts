import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQueryShape } from '@app/contracts';
import {
  containsPattern,
  decodeCursor,
  encodeCursor,
  keysetSql,
  nextPageAddress,
  pageFrom,
  replyWithPage,
  type ServiceApp,
} from '../src/index.js';
import { testService } from './support.js';

interface Row {
  name: string;
  id: number;
}

const keySchema = z.tuple([z.string(), z.number().int()]);
const rows: Row[] = Array.from({ length: 7 }, (_, index) => ({ name: `n${index % 3}`, id: index }));
const ordered = [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

/** The in-memory twin of `WHERE (name, id) > key ORDER BY name, id LIMIT limit + 1`. */
function fetchAfter(key: readonly [string, number] | undefined, count: number): Row[] {
  const after = ordered.filter(
    (row) => key === undefined || row.name > key[0] || (row.name === key[0] && row.id > key[1]),
  );
  return after.slice(0, count);
}

describe('keyset pages', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService({ openapi: { title: 'Paging' } });
    app.get(
      '/things',
      {
        config: { policy: 'public' },
        schema: {
          querystring: z.strictObject({ ...pageQueryShape, q: z.string().optional() }),
          response: { 200: z.array(z.object({ name: z.string(), id: z.number() })) },
        },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query as { limit: number; cursor?: string };
        const page = pageFrom(fetchAfter(decodeCursor(cursor, keySchema), limit + 1), limit, (row) => [
          row.name,
          row.id,
        ]);
        return replyWithPage(request, reply, page.rows, page.next);
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('walks the whole list by following rel="next", each row once, in order', async () => {
    const seen: Row[] = [];
    let url: string | undefined = '/things?limit=3&q=kept';
    let pages = 0;
    while (url !== undefined) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      seen.push(...response.json<Row[]>());
      pages += 1;
      const link = response.headers['link'] as string | undefined;
      url = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
      if (url !== undefined) expect(url).toMatch(/^\/things\?limit=3&q=kept&cursor=[\w-]+$/);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ordered);
  });

  it('sends no Link on a page that holds the rest', async () => {
    const response = await app.inject({ method: 'GET', url: '/things?limit=7' });

    expect(response.json()).toHaveLength(7);
    expect(response.headers['link']).toBeUndefined();
  });

  it('takes 50 by default and refuses a limit outside 1 to 200', async () => {
    expect((await app.inject({ method: 'GET', url: '/things' })).json()).toHaveLength(7);
    for (const limit of ['0', '201', '2.5', 'ten']) {
      const response = await app.inject({ method: 'GET', url: `/things?limit=${limit}` });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().errors[0].path).toBe('limit');
    }
  });

  it('refuses a cursor it did not give out with a 400 that says to start again', async () => {
    const forged = [
      encodeCursor(['n1']),
      encodeCursor(['n1', 'x']),
      'bm90LWpzb24',
      Buffer.from('{"a":1}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const response = await app.inject({ method: 'GET', url: `/things?cursor=${cursor}` });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ type: 'urn:problem:invalid-cursor' });
    }
    const notBase64 = await app.inject({ method: 'GET', url: '/things?cursor=a%20b' });
    expect(notBase64.statusCode).toBe(400);
  });

  it('documents the Link header on the paged route', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/things'].get;

    expect(operation.responses['200'].headers.link.description).toMatch(/rel="next"/);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'q']),
    );
  });
});

describe('keysetSql', () => {
  it('orders by every key column and compares the row with the key as a whole', () => {
    const params: unknown[] = ['kept'];
    const descending = keysetSql(
      { columns: ['t.created_at', 't.id'], direction: 'desc' },
      ['2026', 'x'],
      params,
    );

    expect(descending).toEqual({
      after: '(t.created_at, t.id) < ($2, $3)',
      orderBy: 'ORDER BY t.created_at DESC, t.id DESC',
    });
    expect(params).toEqual(['kept', '2026', 'x']);
    expect(keysetSql({ columns: ['name', 'id'], direction: 'asc' }, undefined, [])).toEqual({
      after: null,
      orderBy: 'ORDER BY name ASC, id ASC',
    });
  });

  it('refuses a key of another length', () => {
    expect(() => keysetSql({ columns: ['a', 'b'], direction: 'asc' }, ['x'], [])).toThrow(/cursor/);
  });
});

describe('nextPageAddress', () => {
  it('replaces the cursor and keeps the other parameters, encoded', () => {
    expect(nextPageAddress('/x?q=a%20b&cursor=old&limit=2', 'new')).toBe('/x?q=a+b&cursor=new&limit=2');
  });
});

describe('containsPattern', () => {
  it('takes the text literally: LIKE wildcards and the escape character are escaped', () => {
    expect(containsPattern('ledger')).toBe('%ledger%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
