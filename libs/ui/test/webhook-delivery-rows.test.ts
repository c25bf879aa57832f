import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@app/contracts';
import { deliveryLine, formatDeliveryTime } from '../src/webhooks/delivery-rows.js';

const base: WebhookDelivery = {
  id: '0196f2a0-0000-7000-8000-0000000000d1',
  endpointId: '0196f2a0-0000-7000-8000-0000000000e1',
  messageId: '0196f2a0-0000-7000-8000-0000000000f1',
  eventType: 'billing.invoice.paid.v1',
  status: 'pending',
  nextAttemptAt: '2026-11-21T10:05:00.000Z',
  lastError: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  attempts: [],
};

const attempt = (n: number, statusCode: number | null, reason: string | null) => ({
  attempt: n,
  attemptedAt: `2026-11-21T10:0${n}:00.000Z`,
  outcome: reason === null ? ('delivered' as const) : ('failed' as const),
  statusCode,
  latencyMs: 40 + n,
  responseExcerpt: reason === null ? 'ok' : 'boom',
  reason,
});

describe('a delivery log line', () => {
  it('shows a delivery not attempted yet by when it is due', () => {
    expect(deliveryLine(base)).toMatchObject({
      attempt: null,
      statusCode: '—',
      latency: '—',
      response: '',
      time: formatDeliveryTime('2026-11-21T10:05:00.000Z'),
      problem: null,
    });
  });

  it('shows the latest attempt, a missing answer as such, and why it failed', () => {
    const line = deliveryLine({
      ...base,
      lastError: 'No complete answer within 15000 ms',
      attempts: [
        attempt(1, 500, 'The endpoint answered HTTP 500'),
        attempt(2, null, 'No complete answer within 15000 ms'),
      ],
    });
    expect(line).toMatchObject({
      attempt: 2,
      statusCode: 'No answer',
      latency: '42 ms',
      response: 'boom',
      time: formatDeliveryTime('2026-11-21T10:02:00.000Z'),
      problem: 'No complete answer within 15000 ms',
    });
  });

  it('says why a redelivery was not sent, over the attempt before it, and nothing once delivered', () => {
    const delivered = [attempt(1, 200, null)];
    expect(
      deliveryLine({
        ...base,
        status: 'failed',
        nextAttemptAt: null,
        lastError: 'Not sent: the endpoint is disabled',
        attempts: delivered,
      }).problem,
    ).toBe('Not sent: the endpoint is disabled');
    expect(deliveryLine({ ...base, status: 'delivered', attempts: delivered })).toMatchObject({
      statusCode: '200',
      problem: null,
    });
  });
});
