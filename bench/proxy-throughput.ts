/**
 * Figure 2: GET /api/products through the gateway against the same request straight to the catalog service, in
 * requests per second with autocannon (target: ratio ≥ 0.7). Runs alternate A/B so drift hits both sides.
 */
import autocannon from 'autocannon';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { median } from './stats.js';

export async function measureProxyThroughput(urls: {
  catalogUrl: string;
  gatewayUrl: string;
}): Promise<Measurement> {
  const { connections, warmUpSeconds, durationSeconds, pairs } = sizes.proxy;
  const direct = `${urls.catalogUrl}/api/products`;
  const proxied = `${urls.gatewayUrl}/api/products`;
  await load(direct, warmUpSeconds);
  await load(proxied, warmUpSeconds);
  const directRates: number[] = [];
  const proxiedRates: number[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    directRates.push(await load(direct, durationSeconds));
    proxiedRates.push(await load(proxied, durationSeconds));
  }
  const list = (rates: number[]) => rates.map((rate) => Math.round(rate)).join(', ');
  return {
    value: median(proxiedRates),
    baseline: median(directRates),
    unit: 'req/s',
    target: { on: 'ratio', atLeast: 0.7 },
    notes: [
      `autocannon, ${connections} connections, ${durationSeconds} s per run after ${warmUpSeconds} s warm-up,` +
        ` ${pairs} alternating pairs; medians of the runs.`,
      `through the gateway: ${list(proxiedRates)} req/s; straight to the catalog: ${list(directRates)} req/s.`,
    ],
  };
}

/**
 * Requests per second that answered 2xx, with figure 2's settings (figures 5 and 7 use them too); any other answer
 * or a connection error fails the figure.
 */
export async function load(url: string, seconds: number, headers?: Record<string, string>): Promise<number> {
  return (await loadCounted(url, seconds, headers)).rate;
}

export interface LoadResult {
  /** 2xx answers per second. */
  rate: number;
  /** 2xx answers received. */
  answered: number;
  /** Requests sent, including any still unanswered when the run ended. */
  sent: number;
}

/** `load`, also saying how many requests were sent and answered (figure 7 checks them against metered usage). */
export async function loadCounted(
  url: string,
  seconds: number,
  headers?: Record<string, string>,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: sizes.proxy.connections,
    duration: seconds,
    ...(headers ? { headers } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rate: result['2xx'] / result.duration, answered: result['2xx'], sent: result.requests.sent };
}
