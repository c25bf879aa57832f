import type pg from 'pg';
import type { TenantMetricsHistoryReply } from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { findRecentlyScrapedSubscription, hasScrapes, readHistory } from '../store/scrape-history.js';
import { findWatchedTargets } from '../store/watched-targets.js';
import { noMetricsConfiguredMessage } from './tenant-metrics.js';

/** A chart needs no more; longer ranges are averaged into wider buckets. */
export const maxHistoryPoints = 500;
const defaultRangeMs = 24 * 60 * 60 * 1000;

export interface HistoryRequest {
  tenantId: string;
  subscriptionId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * GET /api/tenant-metrics/:tenantId/history: one subscription's CPU, memory, disk, response time and error rate
 * over [from, to) (default: the last 24 hours), in at most maxHistoryPoints buckets. Without `subscription`, the
 * tenant's most recently scraped one, as the latest-document call picks.
 */
export async function readTenantMetricsHistory(
  db: pg.Pool,
  request: HistoryRequest,
  now: () => Date,
): Promise<TenantMetricsHistoryReply> {
  const to = request.to === undefined ? now() : new Date(request.to);
  const from = request.from === undefined ? new Date(to.getTime() - defaultRangeMs) : new Date(request.from);
  const subscriptionId = await pickSubscription(db, request.tenantId, request.subscriptionId);
  const bucketSeconds = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / maxHistoryPoints));
  const points = await readHistory(db, {
    tenantId: request.tenantId,
    subscriptionId,
    from,
    to,
    bucketSeconds,
  });
  return {
    tenantId: request.tenantId,
    subscriptionId,
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds,
    points: points.map((point) => ({ ...point, at: point.at.toISOString() })),
  };
}

async function pickSubscription(db: pg.Pool, tenantId: string, named: string | undefined): Promise<string> {
  if (named === undefined) {
    const scraped = await findRecentlyScrapedSubscription(db, tenantId);
    if (scraped !== null) return scraped;
  } else if (await hasScrapes(db, tenantId, named)) {
    // A named subscription may have history but no app any more (URL cleared, cancelled): its past still shows.
    return named;
  }
  const [target] = await findWatchedTargets(db, tenantId, named);
  if (target === undefined) throw new NotFoundError(noMetricsConfiguredMessage);
  return target.subscriptionId;
}
