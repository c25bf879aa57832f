import {
  booleanFromString,
  internalTokenSecret,
  logLevel,
  natsStreamReplicas,
  natsUrl,
  otel,
  parseConfig,
  port,
} from '@app/service-kit/config';
import { z } from 'zod';
import type { CatalogueCacheSettings } from './catalogue-cache/catalogue-cache.js';
import type { ServiceUrls } from './route-table.js';

const positiveInt = z.coerce.number().int().positive();

const webRemotes = z
  .string()
  .default('')
  .transform((value, context) => {
    const remotes: Array<{ name: string; root: string }> = [];
    for (const item of value.split(',').filter((part) => part.trim() !== '')) {
      const match = /^\s*([a-z][a-z0-9-]*)=(.+?)\s*$/.exec(item);
      if (!match?.[1] || !match[2]) {
        context.addIssue({ code: 'custom', message: `"${item}" is not name=folder` });
        return z.NEVER;
      }
      remotes.push({ name: match[1], root: match[2] });
    }
    return remotes;
  });

/** The gateway's whole environment, parsed once at start (STYLE.md: no other file reads process.env). */
export const gatewayConfigSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  CATALOG_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3001'),
  /** Absent: no sign-in, every caller is a visitor and identity's paths answer 404. */
  IDENTITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Absent: tenancy's paths answer 404. */
  TENANCY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Absent: billing's paths answer 404. */
  BILLING_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Absent: monitoring's paths answer 404. */
  MONITORING_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Absent: notifications' paths (tenants' webhook endpoints) answer 404. */
  NOTIFICATIONS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Absent: the audit trail's paths (the admin's and the customers' Activity) answer 404. */
  AUDIT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  INTERNAL_TOKEN_SECRET: internalTokenSecret,
  UPSTREAM_TIMEOUT_MS: positiveInt.default(10_000),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  /**
   * The origin browsers use for the app (`https://shop.example.com`), for the CSRF check. Absent: derived per
   * request from its Host header and protocol.
   */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((value) => new URL(value).origin)
    .optional(),
  /**
   * 'true' behind a TLS-terminating proxy: its X-Forwarded-Proto then says whether the browser used https, and the
   * X-Forwarded-For entry it appends is the client address signed into identity tokens (request-origin.ts).
   */
  TRUST_PROXY: booleanFromString.default(false),
  /** Absent: cached sessions only expire (SESSION_CACHE_TTL_MS); present: identity's user events evict them. */
  NATS_URL: natsUrl.optional(),
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z0-9]*$/, 'must be lowercase letters and digits (it prefixes subjects)')
    .default(''),
  NATS_STREAM_REPLICAS: natsStreamReplicas,
  /**
   * Counts customers' API calls and publishes them to NATS for billing (src/usage). Needs NATS_URL; without it
   * metering is off whatever this says. 'off' exists to measure what metering costs (npm run bench).
   */
  USAGE_METERING: z.enum(['on', 'off']).default('on'),
  /** How often the counts are published; also the longest a customer's usage waits before billing sees it. */
  USAGE_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The public catalogue cache (src/catalogue-cache): the longest an answer is kept (0: no cache). Catalog events
   * on NATS clear it, so this only bounds the staleness an invalidation lost anyway would cause. Needs NATS_URL:
   * without catalog events the cache is never used.
   */
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  CATALOGUE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Bodies, keys and kept headers together. */
  CATALOGUE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(32 * 1024 * 1024),
  /** After a catalog event, how long answers are not stored: the catalog's read model may not show it yet. */
  CATALOGUE_CACHE_SETTLE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** The built shell (index.html and assets) to serve at `/`; absent: the gateway serves no front end. */
  WEB_ROOT: z.string().min(1).optional(),
  /** The built remotes, `name=folder` comma-separated (`mfe-admin=/app/mfe-admin/dist`), served at /remotes/<name>/. */
  WEB_REMOTES: webRemotes,
  LOG_LEVEL: logLevel,
  ...otel('gateway'),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

/** The catalogue cache's limits, or null when it is off (a TTL of 0, or no NATS to hear the catalog's events). */
export function catalogueCacheSettings(config: GatewayConfig): CatalogueCacheSettings | null {
  if (config.CATALOGUE_CACHE_TTL_MS === 0 || config.NATS_URL === undefined) return null;
  return {
    ttlMs: config.CATALOGUE_CACHE_TTL_MS,
    maxEntries: config.CATALOGUE_CACHE_MAX_ENTRIES,
    maxBytes: config.CATALOGUE_CACHE_MAX_BYTES,
    settleMs: config.CATALOGUE_CACHE_SETTLE_MS,
  };
}

/** The services this gateway routes to; a service without a URL has no routes (route-table.ts). */
export function serviceUrls(config: GatewayConfig): ServiceUrls {
  return {
    catalog: config.CATALOG_URL,
    ...(config.IDENTITY_URL ? { identity: config.IDENTITY_URL } : {}),
    ...(config.TENANCY_URL ? { tenancy: config.TENANCY_URL } : {}),
    ...(config.BILLING_URL ? { billing: config.BILLING_URL } : {}),
    ...(config.MONITORING_URL ? { monitoring: config.MONITORING_URL } : {}),
    ...(config.NOTIFICATIONS_URL ? { notifications: config.NOTIFICATIONS_URL } : {}),
    ...(config.AUDIT_URL ? { audit: config.AUDIT_URL } : {}),
  };
}
