import type { TenantMetricsDocument, TenantMetricsGroup } from '@app/contracts';
import type { MetricSeries } from '../domain/scrape/metric-series.js';
import type { OutboundFailureKind } from '@app/outbound';

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

/** The outbound request's failures and the scrape's own: no key to send, or a document that does not validate. */
export type ScrapeFailureKind = OutboundFailureKind | 'invalid-document' | 'no-key';

export interface FailedScrape extends ScrapeBase {
  outcome: 'failure';
  failureKind: ScrapeFailureKind;
  reason: string;
}

export type ScrapeResult = SuccessfulScrape | FailedScrape;
