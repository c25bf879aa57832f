import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  acceptedSecrets,
  booleanFromString,
  databaseUrl,
  eventStoreUrl,
  internalTokenSecret,
  internalTokenSecretsAccepted,
  logLevel,
  natsStreamReplicas,
  natsUrl,
  otel,
  parseConfig,
  port,
  processedMessagesRetentionDays,
} from '../src/config/index.js';

const schema = z.object({
  PORT: port.default(3001),
  LOG_LEVEL: logLevel,
  DATABASE_URL: databaseUrl,
  NATS_URL: natsUrl,
  EVENTSTORE_URL: eventStoreUrl,
  INTERNAL_TOKEN_SECRET: internalTokenSecret,
  SEED_DEMO: booleanFromString.default(false),
  ...otel('catalog'),
});

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('parseConfig', () => {
  it('parses and types a valid environment, filling defaults', () => {
    const config = parseConfig(schema, { ...valid, PORT: '8080', SEED_DEMO: '1', UNRELATED: 'ignored' });

    expect(config).toEqual({
      PORT: 8080,
      LOG_LEVEL: 'info',
      DATABASE_URL: valid.DATABASE_URL,
      NATS_URL: valid.NATS_URL,
      INTERNAL_TOKEN_SECRET: valid.INTERNAL_TOKEN_SECRET,
      SEED_DEMO: true,
      OTEL_SERVICE_NAME: 'catalog',
    });
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig(schema, {
      ...valid,
      PORT: '',
      EVENTSTORE_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    });

    expect(config.PORT).toBe(3001);
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it('lists every bad variable with its reason, and never a secret-looking value', () => {
    const message = errorMessage(() =>
      parseConfig(schema, {
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://root:dbpass@host/db',
        INTERNAL_TOKEN_SECRET: 'short-secret',
        SEED_DEMO: 'yes',
        EVENTSTORE_URL: 'http://kurrent:2113',
      }),
    );

    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain('PORT: must be a port number (got "eighty")');
    expect(message).toMatch(/LOG_LEVEL: .* \(got "loud"\)/);
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL (value hidden)');
    expect(message).toContain('NATS_URL: is required but not set');
    expect(message).toContain('INTERNAL_TOKEN_SECRET: must be at least 32 characters (value hidden)');
    expect(message).toMatch(/SEED_DEMO: .* \(got "yes"\)/);
    expect(message).toContain('EVENTSTORE_URL: must be a kurrentdb:// or esdb:// connection string');
    expect(message).not.toContain('dbpass');
    expect(message).not.toContain('short-secret');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads the boolean %s as %s', (text, value) => {
    expect(booleanFromString.parse(text)).toBe(value);
  });

  it('accepts a list of NATS servers and KurrentDB connection strings', () => {
    expect(natsUrl.safeParse('nats://a:4222, nats://b:4222').success).toBe(true);
    expect(natsUrl.safeParse('http://a:4222').success).toBe(false);
    expect(eventStoreUrl.safeParse('kurrentdb://localhost:2113?tls=false').success).toBe(true);
    expect(eventStoreUrl.safeParse('esdb+discover://cluster:2113').success).toBe(true);
  });

  it('accepts further internal secrets only during a rotation, each as long as the signing one must be', () => {
    expect(internalTokenSecretsAccepted.parse(undefined)).toEqual([]);
    expect(internalTokenSecretsAccepted.parse('')).toEqual([]);
    const [a, b] = ['a'.repeat(32), 'b'.repeat(40)];
    expect(internalTokenSecretsAccepted.parse(`${a}, ${b}`)).toEqual([a, b]);
    const message = errorMessage(() =>
      parseConfig(z.object({ INTERNAL_TOKEN_SECRETS_ACCEPTED: internalTokenSecretsAccepted }), {
        INTERNAL_TOKEN_SECRETS_ACCEPTED: `${a},too-short-secret`,
      }),
    );
    expect(message).toContain('INTERNAL_TOKEN_SECRETS_ACCEPTED');
    expect(message).toContain('at least 32 characters');
    expect(message).not.toContain('too-short-secret');
    expect(
      acceptedSecrets({
        INTERNAL_TOKEN_SECRET: valid.INTERNAL_TOKEN_SECRET,
        INTERNAL_TOKEN_SECRETS_ACCEPTED: [b],
      }),
    ).toEqual([valid.INTERNAL_TOKEN_SECRET, b]);
  });

  it('replicates streams on one NATS server unless told how many, and on no more than JetStream can', () => {
    expect(natsStreamReplicas.parse(undefined)).toBe(1);
    expect(natsStreamReplicas.parse('3')).toBe(3);
    expect(natsStreamReplicas.safeParse('0').success).toBe(false);
    expect(natsStreamReplicas.safeParse('two').success).toBe(false);
    expect(natsStreamReplicas.safeParse('7').error?.issues[0]?.message).toBe(
      'JetStream replicates a stream on at most 5 servers',
    );
  });

  it('keeps processed-message ids 7 days unless told, and never less than a whole day', () => {
    expect(processedMessagesRetentionDays.parse(undefined)).toBe(7);
    expect(processedMessagesRetentionDays.parse('30')).toBe(30);
    expect(processedMessagesRetentionDays.safeParse('0').error?.issues[0]?.message).toMatch(/at least 1 day/);
    expect(processedMessagesRetentionDays.safeParse('0.5').success).toBe(false);
    expect(processedMessagesRetentionDays.safeParse('3651').success).toBe(false);
  });
});

function errorMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a failure');
}
