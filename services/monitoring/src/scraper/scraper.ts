import type pg from 'pg';
import { mapBounded } from '@app/concurrency';
import type { EventingLogger } from '@app/eventing';
import { catalogueCounter, metricCatalogue, type CatalogueCounter } from '@app/service-kit';
import type { ScrapeResult } from '../store/scrape-result.js';
import { recordScrape } from '../store/record-scrape.js';
import { claimScrape, pruneClaims } from '../store/scrape-claims.js';
import { pruneHistory } from '../store/scrape-history.js';
import { scrapeEndpoint, type KeyedTarget, type ScrapeEndpointDeps } from './scrape-endpoint.js';
import type { MetricsEndpoint, TenancyEndpoints } from './tenancy-endpoints.js';

export interface ScraperDeps extends ScrapeEndpointDeps {
  pool: pg.Pool;
  tenancy: TenancyEndpoints;
  logger: EventingLogger;
  concurrency: number;
  /** Retries of a scheduled scrape; an on-demand scrape is tried once, as someone is waiting for it. */
  retries: number;
  retentionDays: number;
  /**
   * The claim a scheduled scrape takes first (store/scrape-claims.ts), so several replicas scrape each app once
   * per interval between them: how long it holds (claimHoldMs) and the name of this replica.
   */
  claim: { holdMs: number; replica: string };
}

export interface CycleSummary {
  targets: number;
  succeeded: number;
  failed: number;
  /** Apps left alone because another replica's claim on this interval's scrape holds. */
  claimedElsewhere: number;
  durationMs: number;
}

export interface Scraper {
  /**
   * Scrapes every watched app that no other replica has claimed for this interval, records each result, then
   * prunes history past retention. An aborted
   * `signal` starts no further scrape, for a quick shutdown.
   */
  runCycle(signal?: AbortSignal): Promise<CycleSummary>;
  /** One bounded scrape of one subscription, for a tenant never scraped; null when tenancy lists no such app. */
  scrapeNow(tenantId: string, subscriptionId: string): Promise<ScrapeResult | null>;
  /** Scrapes made, by outcome; built before the app, which adds it to its /metrics registry. */
  readonly scrapes: CatalogueCounter<'outcome'>;
}

const dayMs = 24 * 60 * 60 * 1000;

export function createScraper(deps: ScraperDeps): Scraper {
  const { pool, tenancy, logger } = deps;
  /** One scrape per subscription at a time: an on-demand fetch joins a scheduled one already under way. */
  const inFlight = new Map<string, Promise<ScrapeResult>>();
  const scrapes = catalogueCounter(
    metricCatalogue.tenantScrapes,
    "Scrapes of tenant apps' metrics endpoints, by outcome",
  );

  function scrapeOnce(target: KeyedTarget, retries: number): Promise<ScrapeResult> {
    const running = inFlight.get(target.subscriptionId);
    if (running) return running;
    const scrape = (async () => {
      const result = await scrapeEndpoint(target, retries, deps);
      scrapes.inc({ outcome: result.outcome === 'success' ? 'ok' : 'failed' });
      const raised = await recordScrape(pool, result);
      for (const alert of raised) {
        logger.warn(
          { subscriptionId: result.subscriptionId, tenantId: result.tenantId, alert: alert.kind },
          `Monitoring alert raised: ${alert.message}`,
        );
      }
      if (result.outcome === 'failure') {
        logger.debug(
          { subscriptionId: result.subscriptionId, kind: result.failureKind, reason: result.reason },
          'Scrape failed',
        );
      }
      return result;
    })().finally(() => inFlight.delete(target.subscriptionId));
    inFlight.set(target.subscriptionId, scrape);
    return scrape;
  }

  return {
    scrapes,
    async runCycle(signal) {
      const started = performance.now();
      // Held only for this cycle: the keys are dropped with the list when it ends.
      const endpoints = (await tenancy.list()).filter(isWatched);
      let succeeded = 0;
      let failed = 0;
      let claimedElsewhere = 0;
      // Once the cycle is aborted (shutdown) no further app is started, and the cycle ends when those in hand
      // are done.
      await mapBounded(endpoints, deps.concurrency, async (endpoint) => {
        if (signal?.aborted) return;
        try {
          const claim = { subscriptionId: endpoint.subscriptionId, ...deps.claim };
          if (!(await claimScrape(pool, claim))) {
            claimedElsewhere += 1;
            return;
          }
          const result = await scrapeOnce(keyedTarget(endpoint), deps.retries);
          if (result.outcome === 'success') succeeded += 1;
          else failed += 1;
        } catch (error) {
          // Claiming or recording failed (Postgres away): this app is tried again next cycle; the others go on.
          failed += 1;
          logger.error(
            { err: error, subscriptionId: endpoint.subscriptionId },
            'Scrape could not be claimed or recorded',
          );
        }
      });
      const cutoff = new Date(deps.now().getTime() - deps.retentionDays * dayMs);
      const pruned = { ...(await pruneHistory(pool, cutoff)), claims: await pruneClaims(pool, cutoff) };
      const summary = {
        targets: endpoints.length,
        succeeded,
        failed,
        claimedElsewhere,
        durationMs: Math.round(performance.now() - started),
      };
      logger.info({ ...summary, pruned }, 'Scrape cycle finished');
      return summary;
    },

    async scrapeNow(tenantId, subscriptionId) {
      const [endpoint] = (await tenancy.list({ tenantId, subscriptionId })).filter(isWatched);
      return endpoint === undefined ? null : scrapeOnce(keyedTarget(endpoint), 0);
    },
  };
}

/** A cancelled subscription's app is no longer the platform's to watch. */
function isWatched(endpoint: MetricsEndpoint): boolean {
  return endpoint.status !== 'cancelled';
}

function keyedTarget(endpoint: MetricsEndpoint): KeyedTarget {
  const { subscriptionId, tenantId, domainUrl, metricsApiKey } = endpoint;
  return { subscriptionId, tenantId, domainUrl, metricsApiKey };
}
