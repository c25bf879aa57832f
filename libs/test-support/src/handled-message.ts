import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { IntegrationEnvelope } from '@app/contracts';

/**
 * A producer's message of `type` handled by `handle`, the very handler the consumer runs, on a connection of its
 * own: for tests of what a service's copy holds, without NATS (the consumers are tested against NATS apart).
 */
export async function handleMessage(
  pool: pg.Pool,
  handle: (envelope: IntegrationEnvelope, client: pg.PoolClient) => Promise<void>,
  type: string,
  data: object,
): Promise<void> {
  const client = await pool.connect();
  try {
    await handle({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data: { ...data } }, client);
  } finally {
    client.release();
  }
}
