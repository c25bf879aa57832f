import type pg from 'pg';
import type { TenantMetricsReply } from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { HttpProblem, problemType } from '@app/service-kit';
import type { Scraper } from '../scraper/scraper.js';
import { findLatestDocument, type LatestDocument } from '../store/latest-documents.js';
import { findLastScrape, findWatchedTargets } from '../store/watched-targets.js';

export const noMetricsConfiguredMessage = 'No metrics are configured for this tenant';

export interface TenantMetricsDeps {
  db: pg.Pool;
  scraper: Pick<Scraper, 'scrapeNow'>;
}

/**
 * GET /api/tenant-metrics/:tenantId (SPEC.md §7): the last good document. A subscription that has an app but was
 * never scraped (just configured, or monitoring just started) is fetched now, once, with no retries; one that
 * was tried and failed answers 502 with the recorded reason until a scheduled scrape succeeds, so a page
 * refreshing every few minutes never turns into a stream of requests to a broken app.
 */
export async function readTenantMetrics(
  deps: TenantMetricsDeps,
  tenantId: string,
  subscriptionId?: string,
): Promise<TenantMetricsReply> {
  const latest = await findLatestDocument(deps.db, tenantId, subscriptionId);
  if (latest !== null) return toReply(latest);

  const [target] = await findWatchedTargets(deps.db, tenantId, subscriptionId);
  if (target === undefined) throw new NotFoundError(noMetricsConfiguredMessage);
  const previous = await findLastScrape(deps.db, target.subscriptionId);
  if (previous !== null) throw unavailable(previous.reason ?? 'the last scrape failed');

  const result = await deps.scraper.scrapeNow(tenantId, target.subscriptionId);
  if (result === null) throw new NotFoundError(noMetricsConfiguredMessage);
  if (result.outcome === 'failure') throw unavailable(result.reason);
  return toReply({
    subscriptionId: result.subscriptionId,
    domainUrl: result.domainUrl,
    fetchedAt: result.fetchedAt,
    document: result.document,
    missingGroups: result.missingGroups,
  });
}

function toReply(latest: LatestDocument): TenantMetricsReply {
  return {
    ...latest.document,
    subscriptionId: latest.subscriptionId,
    fetchedAt: latest.fetchedAt.toISOString(),
    missingGroups: latest.missingGroups,
  };
}

function unavailable(reason: string): HttpProblem {
  return new HttpProblem(502, `The tenant app's metrics could not be fetched: ${reason}`, {
    type: problemType('tenant-metrics-unavailable'),
  });
}
