import { guardedRequest, OutboundError, type OutboundFailureKind, type SsrfGuard } from '@app/outbound';
import { signMessage } from './signing.js';

export interface DeliverySettings {
  /** For the whole attempt: lookup, redirects, the answer's excerpt. */
  timeoutMs: number;
  /** How much of the receiver's answer the delivery log keeps. */
  excerptBytes: number;
}

export interface DeliveryDeps {
  guard: SsrfGuard;
  settings: DeliverySettings;
  /** The attempt's `webhook-timestamp`; injected so a test pins it. */
  now: () => Date;
}

/** One message to one endpoint: the event's id, its JSON exactly as sent, the endpoint's secrets in clear. */
export interface DeliveryRequest {
  url: string;
  messageId: string;
  payload: string;
  secrets: readonly string[];
}

interface AttemptFacts {
  attemptedAt: Date;
  latencyMs: number;
  /** Null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  responseExcerpt: string;
}

/** What the delivery log records of one attempt. A 2xx is a delivery; anything else a failure to retry. */
export type DeliveryResult =
  | ({ outcome: 'delivered' } & AttemptFacts)
  | ({ outcome: 'failed'; failureKind: OutboundFailureKind; reason: string } & AttemptFacts);

const userAgent = 'FinTech-Platform-Webhooks/1';

/**
 * One attempt: signed with the Standard Webhooks headers (every secret given, so both during a rotation) and
 * POSTed through the SSRF guard, which checks the URL and every redirect at this attempt, as DNS may have changed
 * since the last. Never throws: every failure is a result the log shows and the schedule retries.
 */
export async function deliverWebhook(request: DeliveryRequest, deps: DeliveryDeps): Promise<DeliveryResult> {
  const attemptedAt = deps.now();
  const headers = {
    ...signMessage(
      { id: request.messageId, timestamp: attemptedAt, payload: request.payload },
      request.secrets,
    ),
    'content-type': 'application/json',
    'user-agent': userAgent,
  };
  const started = performance.now();
  try {
    const response = await guardedRequest(request.url, {
      guard: deps.guard,
      method: 'POST',
      headers,
      body: request.payload,
      timeoutMs: deps.settings.timeoutMs,
      maxBytes: deps.settings.excerptBytes,
      read: 'excerpt',
    });
    const facts = {
      attemptedAt,
      latencyMs: Math.round(performance.now() - started),
      status: response.status,
      responseExcerpt: response.body.toString('utf8'),
    };
    if (response.status >= 200 && response.status < 300) return { outcome: 'delivered', ...facts };
    return { outcome: 'failed', failureKind: 'http-status', reason: statusReason(response.status), ...facts };
  } catch (error) {
    const known = error instanceof OutboundError ? error : null;
    return {
      outcome: 'failed',
      failureKind: known?.kind ?? 'network',
      reason: error instanceof Error ? error.message : String(error),
      attemptedAt,
      latencyMs: Math.round(performance.now() - started),
      status: null,
      responseExcerpt: '',
    };
  }
}

function statusReason(status: number): string {
  if (status >= 300 && status < 400) {
    return `The endpoint answered HTTP ${status}; only 307 and 308 redirects are followed, as they keep the POST`;
  }
  return `The endpoint answered HTTP ${status}`;
}
