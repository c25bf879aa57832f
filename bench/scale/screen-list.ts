/**
 * The screens the issue holds to "first rows within 1.2× of demo size, DOM under 5,000 elements": the Admin
 * Portal's Tenants tab and the Admin Dashboard as the demo admin, and the catalogue as a visitor. Each one's
 * first row is the first item its list's API answers at that moment.
 */
import type { Caller } from './api-probes.js';
import { decodedBody, get } from './http-probe.js';
import type { Screen } from './screens.js';

export interface FirstNames {
  tenant: string;
  product: string;
}

/**
 * A page whose load has nothing to do with the data (the landing page's heading): its growth since the demo-data
 * load is the machine's drift, which the report divides each screen's growth by, beside the raw figure.
 */
export const baselineScreen: Screen = {
  name: 'baseline: landing page (no data)',
  path: '/',
  cookie: null,
  firstRow: 'Multi-Tenant SaaS Management',
};

export function screensOf(adminCookie: string | null, first: FirstNames): Screen[] {
  return [
    baselineScreen,
    {
      name: 'Admin Portal, Tenants tab',
      path: '/admin-portal',
      cookie: adminCookie,
      tab: 'Tenants',
      firstRow: first.tenant,
    },
    { name: 'Admin Dashboard', path: '/admin', cookie: adminCookie, firstRow: first.tenant },
    { name: 'Catalogue (visitor)', path: '/catalog', cookie: null, firstRow: first.product },
  ];
}

/** The first tenant the admin's tenant list shows, and the first product a visitor's catalogue shows. */
export async function firstNameOf(
  gatewayUrl: string,
  cookies: Record<Caller, string | null>,
): Promise<FirstNames> {
  return {
    tenant: await firstName(`${gatewayUrl}/api/admin/tenants?limit=1`, cookies.admin),
    product: await firstName(`${gatewayUrl}/api/products?limit=1`, null),
  };
}

async function firstName(url: string, cookie: string | null): Promise<string> {
  let answer = await get(url, cookie ? { cookie } : {});
  // A list that does not take `limit` yet answers 400: ask it without.
  if (answer.status === 400) answer = await get(url.replace(/\?limit=1$/, ''), cookie ? { cookie } : {});
  const items = JSON.parse(decodedBody(answer).toString('utf8')) as unknown;
  const name = Array.isArray(items) ? (items[0] as { name?: unknown } | undefined)?.name : undefined;
  if (answer.status !== 200 || typeof name !== 'string') {
    throw new Error(`${url} answered ${answer.status} without a first item's name`);
  }
  return name.trim();
}
