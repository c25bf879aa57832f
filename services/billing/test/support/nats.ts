import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { inject } from 'vitest';
import { connectNats } from '@app/eventing';

export interface CollectedMessage {
  /** Without the test's prefix: `billing.invoice.paid.v1`. */
  subject: string;
  text: string;
}

/** A NATS connection for one test file, and every message on `<prefix>.<filter>` (core subscriptions see JetStream). */
export async function natsFor(prefix: string, filter: string) {
  const nc: NatsConnection = await connectNats({ url: inject('natsUrl'), name: `billing-test-${prefix}` });
  const messages: CollectedMessage[] = [];
  const subscription = nc.subscribe(`${prefix}.${filter}`, {
    callback: (error, message) => {
      if (!error)
        messages.push({ subject: message.subject.slice(prefix.length + 1), text: message.string() });
    },
  });
  return {
    nc,
    messages,
    /** Deletes the test's streams and closes the connection. */
    async close(streams: readonly string[]) {
      subscription.unsubscribe();
      const jsm = await jetstreamManager(nc);
      for (const stream of streams) await jsm.streams.delete(`${prefix}_${stream}`).catch(() => undefined);
      await nc.drain();
    },
  };
}

/** Polls until `accept` holds or the deadline passes; the caller's assertion then says what was missing. */
export async function eventually(accept: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await accept()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
