import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The launcher's environment, parsed once. Every variable is optional: `npm start` runs on embedded defaults. */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATABASE_URL: z.url().optional(),
  NATS_URL: z.url().optional(),
  EVENTSTORE_URL: z.string().min(1).optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  EMBEDDED_NATS_PORT: z.coerce.number().int().min(1).max(65535).default(14222),
  SERVICES_BASE_PORT: z.coerce.number().int().min(1).max(65000).default(3001),
  DEMO_APP_PORT: z.coerce.number().int().min(1).max(65535).default(4100),
  /** Where notifications sends mail; absent: a local maildev catches it (launcher/mail-catcher.ts). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAILDEV_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z0-9]*$/)
    .default(''),
  INTERNAL_TOKEN_SECRET: z.string().min(32).optional(),
  /** Tenancy's key ring; absent: made once and kept in DATA_DIR (launcher/secrets-keys.ts). */
  SECRETS_KEYS: z.string().min(1).optional(),
  /** The first restart of a crashed service waits this long, each further one twice as long. */
  RESTART_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** Restarts in a row before the launcher gives up and stops everything. */
  RESTART_ATTEMPTS: z.coerce.number().int().min(0).max(20).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('warn'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** The demo tenant's webhook endpoint and signing secret (launcher/demo-webhook.ts); absent: in DATA_DIR. */
  DEMO_WEBHOOK_FILE: z.string().min(1).optional(),
  /**
   * More `host:port` addresses on this machine that notifications' webhooks may reach, comma separated, beside
   * the demo tenant app's: a browser test's own receiver. The SSRF guard refuses every other local address.
   */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
});

export type LauncherConfig = z.infer<typeof schema> & { INTERNAL_TOKEN_SECRET: string };

export function loadLauncherConfig(env: NodeJS.ProcessEnv): LauncherConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  // One secret per launch is enough: only the processes started here share it.
  return {
    ...parsed.data,
    INTERNAL_TOKEN_SECRET: parsed.data.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
  };
}
