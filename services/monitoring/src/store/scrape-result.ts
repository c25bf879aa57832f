import type { TenantMetricsDocument, TenantMetricsGroup } from '@app/contracts';
import type { MetricSeries } from '../domain/scrape/metric-series.js';
import type { OutboundFailureKind } from '../outbound/outbound-error.js';

/** One scrape as it is recorded for the history, whichever way it went. */
export interface ScrapeTarget {
  subscriptionId: string;
  tenantId: string;
  domainUrl: string;
}

interface ScrapeBase extends ScrapeTarget {
  fetchedAt: Date;
  latencyMs: number;
  attempts: number;
  httpStatus: number | null;
}

export interface SuccessfulScrape extends ScrapeBase {
  outcome: 'success';
  document: TenantMetricsDocument;
  missingGroups: TenantMetricsGroup[];
  series: MetricSeries;
}

export interface FailedScrape extends ScrapeBase {
  outcome: 'failure';
  failureKind: OutboundFailureKind;
  reason: string;
}

export type ScrapeResult = SuccessfulScrape | FailedScrape;
