import { z } from 'zod';

/**
 * The demo tenant app's environment. DEMO_METRICS_KEYS lists the keys it accepts (the demo subscriptions'
 * metrics API keys); each key sees its own app (its own seeded profile), so the demo tenants look different.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4100),
  HOST: z.string().min(1).default('127.0.0.1'),
  DEMO_METRICS_KEYS: z
    .string({ error: 'is required (comma-separated metrics API keys)' })
    .transform((text) =>
      text
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    )
    .pipe(z.array(z.string()).min(1, 'must name at least one key')),
  DEMO_SEED: z.string().min(1).default('demo'),
  /** The demo endpoint's registration (npm start writes it once notifications is up); absent: none yet. */
  DEMO_WEBHOOK_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DemoConfig = z.output<typeof schema>;

export function loadDemoConfig(env: Record<string, string | undefined> = process.env): DemoConfig {
  const input = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Never echo values: one of them is a list of keys.
  const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}
