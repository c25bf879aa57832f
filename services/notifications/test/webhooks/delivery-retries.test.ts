import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsrfGuard } from '@app/outbound';
import { startLocalServer } from '@app/test-support/local-server';
import { deliverWebhook, type DeliveryResult } from '../../src/webhooks/deliver.js';
import { nextAttemptAt } from '../../src/webhooks/domain/retry-schedule.js';
import { newEndpointSecret } from '../../src/webhooks/endpoint-secret.js';

type Server = Awaited<ReturnType<typeof startLocalServer>>;
let receiver: Server;
/** What the receiver answers, attempt by attempt; 200 once the list runs out. */
let answers: Array<number | 'stall'> = [];
const seen: Array<{ id: string; timestamp: number }> = [];

beforeAll(async () => {
  receiver = await startLocalServer((server) => {
    server.post('/hooks', async (request, reply) => {
      seen.push({
        id: String(request.headers['webhook-id']),
        timestamp: Number(request.headers['webhook-timestamp']),
      });
      const answer = answers.shift() ?? 200;
      if (answer === 'stall') {
        reply.raw.writeHead(200);
        return reply;
      }
      return reply.code(answer).send({ answer });
    });
  });
});
afterAll(() => receiver?.close());

/**
 * The delivery worker's loop in small: attempt, and on a failure wait on the injected clock until the schedule's
 * next time, until a delivery or the schedule's end. Returns every attempt's result.
 */
async function deliverOnSchedule(first: Date): Promise<DeliveryResult[]> {
  let clock = first;
  const results: DeliveryResult[] = [];
  for (;;) {
    const result = await deliverWebhook(
      {
        url: `${receiver.origin}/hooks`,
        messageId: 'msg_1',
        payload: '{"type":"test"}',
        secrets: [newEndpointSecret()],
      },
      {
        guard: createSsrfGuard({ allowHosts: [`127.0.0.1:${receiver.port}`] }),
        settings: { timeoutMs: 300, excerptBytes: 64 },
        now: () => clock,
      },
    );
    results.push(result);
    if (result.outcome === 'delivered') return results;
    const next = nextAttemptAt(first, results.length);
    if (next === null) return results;
    clock = next;
  }
}

const first = new Date('2026-11-21T10:00:00.000Z');
const seconds = (date: Date) => date.getTime() / 1000;

describe('webhook retries on the schedule', () => {
  it('retries a 500 and a timeout at +5 and +15 minutes, the same message id each time', async () => {
    answers = [500, 'stall'];
    seen.length = 0;
    const results = await deliverOnSchedule(first);

    expect(results.map((result) => [result.outcome, result.status])).toEqual([
      ['failed', 500],
      ['failed', null],
      ['delivered', 200],
    ]);
    expect(results[1]).toMatchObject({ failureKind: 'timeout' });
    expect(seen).toEqual([
      { id: 'msg_1', timestamp: seconds(first) },
      { id: 'msg_1', timestamp: seconds(first) + 5 * 60 },
      { id: 'msg_1', timestamp: seconds(first) + 15 * 60 },
    ]);
  });

  it('gives up after 13 failed attempts, the last 69 h 15 min after the first', async () => {
    answers = Array.from({ length: 20 }, () => 503);
    seen.length = 0;
    const results = await deliverOnSchedule(first);

    expect(results).toHaveLength(13);
    expect(results.every((result) => result.outcome === 'failed')).toBe(true);
    expect(seen.at(-1)?.timestamp).toBe(seconds(first) + (69 * 60 + 15) * 60);
  });
});
