/**
 * Figure 2: GET /api/products through the gateway against the same request straight to the catalog service, in
 * requests per second with autocannon (target: ratio ≥ 1.0: the gateway answers a visitor's catalogue read from
 * its catalogue cache, so a proxy hop costs less than the catalog's own query). Runs alternate A/B so drift hits
 * both sides.
 */
import autocannon from 'autocannon';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { listRates, median } from './stats.js';

export async function measureProxyThroughput(urls: {
  catalogUrl: string;
  gatewayUrl: string;
}): Promise<Measurement> {
  const direct = { url: `${urls.catalogUrl}/api/products` };
  const proxied = { url: `${urls.gatewayUrl}/api/products` };
  const { rates, settings } = await alternateLoads([direct, proxied]);
  const [directRates, proxiedRates] = rates;
  return {
    value: median(proxiedRates),
    baseline: median(directRates),
    unit: 'req/s',
    target: { on: 'ratio', atLeast: 1 },
    notes: [
      settings,
      `through the gateway: ${listRates(proxiedRates)} req/s; straight to the catalog: ${listRates(directRates)} req/s.`,
    ],
  };
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

/**
 * Figure 2's comparison of two requests (figure 5 makes it too): each warmed up once, then `pairs` runs of A and
 * B in turn, so drift hits both sides. Each side's rates, and the note that says how they were taken.
 */
export async function alternateLoads(
  targets: readonly [LoadTarget, LoadTarget],
): Promise<{ rates: [number[], number[]]; settings: string }> {
  const { connections, warmUpSeconds, durationSeconds, pairs } = sizes.proxy;
  const run = ({ url, headers }: LoadTarget, seconds: number) => load(url, seconds, headers);
  const [a, b] = targets;
  await run(a, warmUpSeconds);
  await run(b, warmUpSeconds);
  const rates: [number[], number[]] = [[], []];
  for (let pair = 0; pair < pairs; pair += 1) {
    rates[0].push(await run(a, durationSeconds));
    rates[1].push(await run(b, durationSeconds));
  }
  const settings =
    `autocannon, ${connections} connections, ${durationSeconds} s per run after ${warmUpSeconds} s warm-up,` +
    ` ${pairs} alternating pairs; medians of the runs.`;
  return { rates, settings };
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
