/**
 * Figure 5: what a signed-in session costs per request (target: ratio ≥ 0.85). GET /api/products through the
 * gateway with a demo customer's session cookie against the same request without a cookie, in requests per
 * second with figure 2's autocannon settings, runs alternating A/B. With the cookie the gateway resolves the
 * session (identity answers once per SESSION_CACHE_TTL_MS, the cache the rest of the time), signs an identity
 * token for the catalog, and the catalog verifies it; without, it does none of that. A customer, not the admin:
 * the admin also sees the seed's inactive product, and a bigger answer would be counted as session cost.
 */
import { demoAccounts } from '@app/demo-fixtures';
import { alternateLoads } from './proxy-throughput.js';
import type { Measurement } from './report.js';
import { signIn } from './sign-in.js';
import { listRates, median } from './stats.js';

export async function measureSessionCost(gatewayUrl: string): Promise<Measurement> {
  const customer = demoAccounts.find((account) => account.role === 'tenant');
  if (!customer) throw new Error('the demo accounts have no customer to sign in as');
  const { cookie } = await signIn(gatewayUrl, customer.email, customer.demoPassword);
  const url = `${gatewayUrl}/api/products`;
  const bytes = await sameAnswerSize(url, cookie);

  const { rates, settings } = await alternateLoads([{ url }, { url, headers: { cookie } }]);
  const [anonymousRates, signedInRates] = rates;
  return {
    value: median(signedInRates),
    baseline: median(anonymousRates),
    unit: 'req/s',
    target: { on: 'ratio', atLeast: 0.85 },
    notes: [
      `GET /api/products through the gateway (IDENTITY_URL set, default session cache) with the session cookie`,
      `of ${customer.email} (signed in over HTTP at POST /api/login), against the same request without a`,
      `cookie; both answers are the same ${bytes} bytes.`,
      settings,
      `signed in: ${listRates(signedInRates)} req/s; anonymous: ${listRates(anonymousRates)} req/s.`,
    ],
  };
}

/** The answer's size, the same with and without the session, or the ratio would count more than the session. */
async function sameAnswerSize(url: string, cookie: string): Promise<number> {
  const variants: Array<Record<string, string>> = [{}, { cookie }];
  const [anonymous, signedIn] = await Promise.all(
    variants.map(async (headers) => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    }),
  );
  if (anonymous !== signedIn) {
    throw new Error(
      `${url} answers ${String(signedIn)} bytes signed in but ${String(anonymous)} anonymously`,
    );
  }
  return anonymous ?? 0;
}
