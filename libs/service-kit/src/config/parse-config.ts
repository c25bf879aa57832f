import type { z } from 'zod';

/** Names whose values may be credentials (URLs can embed a password), so an error message never echoes them. */
const secretLooking = /SECRET|PASSWORD|PASS|TOKEN|KEY|CREDENTIAL|URL|DSN|COOKIE/i;

/**
 * Parses the environment once at startup (STYLE.md "One service": config.ts). Empty strings count as unset, so
 * `FOO=` in a compose file falls back to the default instead of failing as an invalid value. On failure the error
 * lists every bad variable with the reason, and the value only when the name does not look secret.
 */
export function parseConfig<Schema extends z.ZodObject>(
  schema: Schema,
  env: Record<string, string | undefined>,
): z.output<Schema> {
  const input: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') input[name] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;

  const lines = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(root)';
    const value = input[String(issue.path[0])];
    if (value === undefined && issue.code === 'invalid_type') return `  - ${name}: is required but not set`;
    const shown = secretLooking.test(name) ? 'value hidden' : `got "${value ?? ''}"`;
    return `  - ${name}: ${issue.message} (${shown})`;
  });
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}
