import { parseMetricsDocument } from '../domain/scrape/metrics-document.js';
import { seriesOf } from '../domain/scrape/metric-series.js';
import { retryDelayMs } from '../domain/scrape/schedule.js';
import { guardedGet, OutboundError, type SsrfGuard } from '@app/outbound';
import type { ScrapeFailureKind, ScrapeResult, ScrapeTarget } from '../store/scrape-result.js';

export interface ScrapeSettings {
  /** METRICS_PATH, appended to the subscription's domain URL. */
  metricsPath: string;
  timeoutMs: number;
  maxBytes: number;
  /** Delay before the first retry; doubles with each further one. */
  retryBaseMs: number;
}

export interface ScrapeEndpointDeps {
  guard: SsrfGuard;
  settings: ScrapeSettings;
  now: () => Date;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** A target with the key tenancy handed over for this scrape (null when none is configured). */
export interface KeyedTarget extends ScrapeTarget {
  metricsApiKey: string | null;
}

/**
 * Fetches and validates one tenant app's metrics document, retrying what a retry may fix, and says how it went.
 * Never throws: every failure becomes a recorded reason, so a tenant's bad document cannot stop the cycle.
 */
export async function scrapeEndpoint(
  target: KeyedTarget,
  retries: number,
  deps: ScrapeEndpointDeps,
): Promise<ScrapeResult> {
  const { subscriptionId, tenantId, domainUrl } = target;
  const base = { subscriptionId, tenantId, domainUrl };
  if (target.metricsApiKey === null) {
    return failure(base, deps, 0, 0, null, { kind: 'no-key', message: 'No metrics API key is configured' });
  }
  let url: string;
  try {
    url = new URL(`${domainUrl.replace(/\/+$/, '')}${deps.settings.metricsPath}`).toString();
  } catch {
    return failure(base, deps, 0, 0, null, { kind: 'refused', message: 'The domain URL is not a valid URL' });
  }
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now();
    try {
      const response = await guardedGet(url, {
        guard: deps.guard,
        headers: { authorization: `Bearer ${target.metricsApiKey}`, accept: 'application/json' },
        timeoutMs: deps.settings.timeoutMs,
        maxBytes: deps.settings.maxBytes,
      });
      const latencyMs = performance.now() - started;
      if (response.status < 200 || response.status >= 300) throw statusError(response.status);
      const parsed = parseMetricsDocument(response.body.toString('utf8'));
      if (!parsed.ok) {
        const error = { kind: 'invalid-document', message: parsed.reason } as const;
        return failure(base, deps, latencyMs, attempt, response.status, error);
      }
      return {
        ...base,
        outcome: 'success',
        fetchedAt: deps.now(),
        latencyMs,
        attempts: attempt,
        httpStatus: response.status,
        document: parsed.document,
        missingGroups: parsed.missingGroups,
        series: seriesOf(parsed.document),
      };
    } catch (error) {
      const latencyMs = performance.now() - started;
      const known =
        error instanceof OutboundError
          ? error
          : new OutboundError('network', error instanceof Error ? error.message : String(error), true);
      if (!known.retryable || attempt > retries) {
        return failure(base, deps, latencyMs, attempt, known.httpStatus ?? null, known);
      }
      await deps.sleep(retryDelayMs(attempt, deps.settings.retryBaseMs, deps.random()));
    }
  }
}

function statusError(status: number): OutboundError {
  const retryable = status >= 500 || status === 429;
  const reason =
    status === 401 || status === 403
      ? `The tenant app refused the metrics API key (HTTP ${status})`
      : status === 404
        ? 'The tenant app has no metrics endpoint at this path (HTTP 404)'
        : `The tenant app answered HTTP ${status}`;
  return new OutboundError('http-status', reason, retryable, status);
}

function failure(
  base: ScrapeTarget,
  deps: ScrapeEndpointDeps,
  latencyMs: number,
  attempts: number,
  httpStatus: number | null,
  error: { kind: ScrapeFailureKind; message: string },
): ScrapeResult {
  return {
    ...base,
    outcome: 'failure',
    fetchedAt: deps.now(),
    latencyMs,
    attempts,
    httpStatus,
    failureKind: error.kind,
    reason: error.message,
  };
}
