import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  /** `127.0.0.1:<port>`, for the launcher's WEBHOOK_ALLOW_HOSTS. */
  host: string;
  url(path: string): string;
  /** Every POST so far, oldest first. */
  received: ReceivedWebhook[];
  /** The next answers to `path`, in order; after them, 200. */
  answerNext(path: string, ...statuses: number[]): void;
  /** Whether the Standard Webhooks library verifies `delivery` with `secret`. */
  verifies(delivery: ReceivedWebhook, secret: string): boolean;
  close(): Promise<void>;
}

/**
 * A tenant's app on 127.0.0.1, as a browser test registers it: it records each delivery whole and answers 200, or
 * the statuses queued for its path first, so a test can see a failed attempt, then a redelivery succeed.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queued.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answerNext(path, ...statuses) {
      queued.set(path, [...(queued.get(path) ?? []), ...statuses]);
    },
    verifies(delivery, secret) {
      try {
        new Webhook(secret).verify(delivery.body, delivery.headers);
        return true;
      } catch {
        return false;
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
