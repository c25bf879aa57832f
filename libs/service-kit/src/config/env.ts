import { z } from 'zod';

/**
 * Reusable pieces of a service's environment schema. Single variables are schemas, used as
 * `z.object({ PORT: port.default(3001), DATABASE_URL: databaseUrl, ...otel('catalog') })`.
 */

/** A TCP port given as digits; 0 asks the OS for a free one. */
export const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number')
  .transform(Number)
  .pipe(z.number().int().min(0).max(65535, 'must be a port number'));

export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

export const databaseUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' });

/** One server or a comma-separated list, as the NATS clients accept. */
export const natsUrl = z
  .string()
  .refine(
    (value) => value.split(',').every((part) => /^(nats|tls|wss?):\/\/[^\s,]+$/.test(part.trim())),
    'must be nats://host:port or a comma-separated list of them',
  );

/** KurrentDB connection string; absent means the Postgres event store (ARCHITECTURE.md "Event store"). */
export const eventStoreUrl = z
  .string()
  .regex(
    /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+$/,
    'must be a kurrentdb:// or esdb:// connection string',
  )
  .optional();

/** HS256 key shared by the gateway and the services for the internal identity token. */
export const internalTokenSecret = z.string().min(32, 'must be at least 32 characters');

/**
 * INTERNAL_TOKEN_SECRETS_ACCEPTED: comma-separated further secrets whose tokens and derived keys a service accepts,
 * never signs with; empty outside a rotation of INTERNAL_TOKEN_SECRET (docs/operations.md).
 */
export const internalTokenSecretsAccepted = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((secret) => secret.trim())
      .filter((secret) => secret !== ''),
  )
  .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')));

/** The secrets a service verifies with: the signing one first, then those accepted during a rotation. */
export function acceptedSecrets(config: {
  INTERNAL_TOKEN_SECRET: string;
  INTERNAL_TOKEN_SECRETS_ACCEPTED: readonly string[];
}): readonly string[] {
  return [config.INTERNAL_TOKEN_SECRET, ...config.INTERNAL_TOKEN_SECRETS_ACCEPTED];
}

/** 'true'/'false'/'1'/'0', nothing looser, so a typo fails at startup instead of silently meaning false. */
export const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Tracing is exported only when an OTLP endpoint is configured (TOOLCHAIN.md "OpenTelemetry without a collector"). */
export function otel(defaultServiceName: string) {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default(defaultServiceName),
  };
}
