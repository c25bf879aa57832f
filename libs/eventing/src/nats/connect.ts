import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface ConnectNatsOptions {
  /** One URL or a comma-separated list, `nats://host:4222`. */
  url: string;
  /** Shown by the server's monitoring endpoints; the service name. */
  name: string;
}

/**
 * Reconnects forever: a NATS restart or a rolling upgrade must not take a service down. The relay and consumers
 * retry their own work while the connection is away.
 */
export function connectNats({ url, name }: ConnectNatsOptions): Promise<NatsConnection> {
  return connect({
    servers: url.split(',').map((server) => server.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
}
