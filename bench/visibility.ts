/**
 * Figure 3: how long after a command's response its change shows in the read model (target: p99 ≤ 25 ms).
 * Commands go straight to the catalog service as an admin, with an identity token signed here: the figure is the
 * catalogue's own read-your-writes, without the gateway (figure 5 measures what sessions cost there). After each
 * response the product is read back until it shows the change; the baseline is a plain read of the same product
 * right after, so visible ÷ read near 1 means "visible at once".
 */
import { randomUUID } from 'node:crypto';
import { identityTokenHeader, signIdentityToken } from '@app/service-kit';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { latencySummary, percentile, timed } from './stats.js';

interface ProductView {
  id: string;
  name: string;
}

export async function measureVisibility(catalogUrl: string, identitySecret: string): Promise<Measurement> {
  const { commands, pollDeadlineMs } = sizes.visibility;
  const adminHeaders = adminIdentity(identitySecret);
  const read = (url: string) => readProduct(url, adminHeaders);
  const tag = randomUUID().slice(0, 8);
  const visibleMs: number[] = [];
  const readMs: number[] = [];
  let extraReads = 0;
  let lagging = 0;
  let productId = '';

  for (let i = 0; i < commands; i += 1) {
    const creating = i % 2 === 0;
    const name = `Bench ${tag} ${i}`;
    const url = creating
      ? `${catalogUrl}/api/admin/products`
      : `${catalogUrl}/api/admin/products/${productId}`;
    const body = creating
      ? { name, slug: `bench-${tag}-${i}`, basePrice: 10 + i, category: 'Bench', features: ['Fast'] }
      : { name, basePrice: 20 + i };
    const method = creating ? 'POST' : 'PATCH';
    const headers = { ...(await adminHeaders(method, url)), 'content-type': 'application/json' };
    const response = await fetch(url, {
      method,
      headers,
      body: JSON.stringify(body),
    });
    const product = (await response.json()) as ProductView;
    const answered = performance.now();
    if (response.status !== (creating ? 201 : 200)) {
      throw new Error(
        `${creating ? 'create' : 'patch'} answered ${response.status}: ${JSON.stringify(product)}`,
      );
    }
    if (response.headers.get('x-view-may-lag') === 'true') lagging += 1;
    productId = product.id;

    const readUrl = `${catalogUrl}/api/products/${productId}`;
    const deadline = answered + pollDeadlineMs;
    for (let reads = 0; ; reads += 1) {
      const seen = await read(readUrl);
      if (seen?.name === name) {
        visibleMs.push(performance.now() - answered);
        extraReads += reads;
        break;
      }
      if (performance.now() > deadline)
        throw new Error(`${readUrl} did not show "${name}" after ${pollDeadlineMs} ms`);
    }
    readMs.push(await timed(() => read(readUrl)));
  }

  return {
    value: percentile(visibleMs, 99),
    baseline: percentile(readMs, 99),
    unit: 'ms p99',
    target: { on: 'value', atMost: 25 },
    notes: [
      `${commands} admin commands straight to the catalog service (alternately create a product and patch it),`,
      `each followed by GET /api/products/:id until it shows the change: time from the command's response to`,
      `the read that shows it. Baseline: p99 of a plain GET of the same product, taken after each one.`,
      `visible ${latencySummary(visibleMs)}; read ${latencySummary(readMs)}.`,
      `reads beyond the first needed: ${extraReads}; answers with X-View-May-Lag: ${lagging}.`,
    ],
  };
}

export type AdminHeaders = (method: string, url: string) => Promise<Record<string, string>>;

/** The product as an admin sees it, or null while it is not there (404). Signing is part of every read. */
export async function readProduct(url: string, adminHeaders: AdminHeaders): Promise<ProductView | null> {
  const response = await fetch(url, { headers: await adminHeaders('GET', url) });
  if (response.status === 404) {
    await response.arrayBuffer();
    return null;
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProductView;
}

/**
 * Admin identity headers as the gateway mints them: a token per request, bound to its method, path and query
 * (a service refuses a token minted for another request, or one it has seen before).
 */
export function adminIdentity(secret: string): AdminHeaders {
  const caller = { userId: 'bench-admin', role: 'admin' } as const;
  return async (method, url) => {
    const { pathname, search } = new URL(url);
    return {
      [identityTokenHeader]: await signIdentityToken(caller, secret, { method, url: pathname + search }),
    };
  };
}
