import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { identityIntegrationEventSchema, identitySubjects } from '@app/contracts';

export interface UserEventsLogger {
  warn(object: object, message: string): void;
}

export interface UserChangeSubscription {
  /** Resolves once the subscription has been registered with the server, so no event published after is missed. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Hears identity's user events and calls `onUserChanged` for a user whose cached sessions are now wrong: a role
 * or profile change (`identity.user.updated.v1`) or a deactivation. A plain core-NATS subscription, not a
 * JetStream consumer: the gateway keeps no state to resume from, and an event missed while it was disconnected
 * costs at most SESSION_CACHE_TTL_MS of staleness, which is what the cache allows anyway. JetStream publishes are
 * ordinary NATS messages, so the subscription sees every event identity's relay puts on its stream.
 */
export function subscribeToUserChanges(options: {
  nats: NatsConnection;
  /** NATS_PREFIX, as identity's relay uses it. */
  prefix: string;
  onUserChanged: (userId: string) => void;
  logger: UserEventsLogger;
}): UserChangeSubscription {
  const subject = `${options.prefix ? `${options.prefix}.` : ''}identity.user.>`;
  const handle = (message: Msg) => {
    let event;
    try {
      event = identityIntegrationEventSchema.parse(message.json());
    } catch (error) {
      options.logger.warn({ subject: message.subject, err: error }, 'Ignoring a malformed identity event');
      return;
    }
    if (event.type === identitySubjects.userUpdated || event.type === identitySubjects.userDeactivated) {
      options.onUserChanged(event.data.userId);
    }
  };
  const subscription = options.nats.subscribe(subject, {
    callback: (error, message) => {
      if (error === null) handle(message);
    },
  });
  return {
    ready: () => options.nats.flush(),
    stop: () => subscription.drain(),
  };
}

/** Reconnects forever, as the services' connections do: NATS being away must not take the gateway down. */
export function connectGatewayNats(url: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(',').map((server) => server.trim()),
    name: 'gateway',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
}
