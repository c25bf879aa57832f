import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminExportRoute,
  decodeCursor,
  encodeCursor,
  exportPageRows,
  pageFrom,
  replyWithListExport,
  type ServiceApp,
} from '../src/index.js';
import { identityHeaders, testIdentitySecret } from '../src/testing/index.js';
import { testService } from './support.js';

const keySchema = z.tuple([z.number().int()]);
const pages = 4;
const total = pages * exportPageRows;

/**
 * A list of `total` numbered rows read a page at a time, as a list route's query reads them; every page after
 * the first `open` waits for the test's gate, so the test sees what the download does while most is unread.
 */
function gatedList(open: number) {
  let pagesRead = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const cursors: (string | undefined)[] = [];
  const listPage = async ({ cursor, limit }: { cursor: string | undefined; limit: number }) => {
    cursors.push(cursor);
    if (++pagesRead > open) await gate;
    const after = decodeCursor(cursor, keySchema)?.[0] ?? 0;
    const fetched = Array.from({ length: Math.min(limit + 1, total - after) }, (_, i) => after + i + 1);
    return pageFrom(fetched, limit, (row) => [row]);
  };
  return { listPage, pagesRead: () => pagesRead, cursors, release };
}

describe("an admin list's CSV export (issue 21 item 4)", () => {
  let app: ServiceApp;
  let list: ReturnType<typeof gatedList>;

  beforeAll(async () => {
    app = await testService({ openapi: { title: 'Export' } });
    const columns = {
      header: ['N', 'Name'],
      cells: (n: number) => [n, n % 7 === 0 ? `=HYPERLINK("x${n}")` : `thing ${n}`],
    };
    app.get(
      '/things/export',
      adminExportRoute({ summary: 'Export things', description: 'Every thing.', tags: ['things'] }),
      async (_request, reply) =>
        replyWithListExport(
          reply,
          { name: 'things', now: new Date('2026-12-01T23:00:00Z') },
          columns,
          (page) => list.listPage(page),
        ),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('starts sending before the list is read, then reads each page as the download takes it', async () => {
    list = gatedList(1);
    const { port } = app.server.address() as AddressInfo;
    const url = '/things/export';
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: await identityHeaders('admin', testIdentitySecret, {}, { method: 'GET', url }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="things-2026-12-01.csv"');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    expect(text.startsWith('N,Name\r\n')).toBe(true);
    // The download has begun with 1 of its 4 pages read: the rest waits behind the gate.
    expect(list.pagesRead()).toBeLessThanOrEqual(2);

    list.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1, 3)).toEqual(['1,thing 1', '2,thing 2']);
    expect(lines[7]).toBe(`7,"'=HYPERLINK(""x7"")"`);
    expect(lines.at(-1)).toBe(`${total},thing ${total}`);
    expect(list.pagesRead()).toBe(pages);
    // Each page followed the cursor of the one before, as a client following Link rel="next" would.
    expect(list.cursors).toEqual([
      undefined,
      ...[1, 2, 3].map((page) => encodeCursor([page * exportPageRows])),
    ]);
  });

  it('refuses a caller who is not an admin', async () => {
    list = gatedList(Number.POSITIVE_INFINITY);
    const response = await app.inject({
      method: 'GET',
      url: '/things/export',
      headers: await identityHeaders('tenant', testIdentitySecret),
    });
    expect(response.statusCode).toBe(403);
    expect(list.pagesRead()).toBe(0);
  });

  it('is described in the API document as a CSV download', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/things/export'].get;
    expect(operation.summary).toBe('Export things');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
  });
});
