/** A write-only secret in a form (metrics API key, provider password). */
export interface SecretValue {
  /** What was typed; empty keeps the stored secret, which the screen never holds. */
  value: string;
  /** Remove the stored secret instead: the contracts read '' as "clear". */
  clear: boolean;
}

/** The request field for a secret: absent keeps it, '' removes it, anything else replaces it. */
export function secretField(secret: SecretValue): string | undefined {
  if (secret.clear) return '';
  return secret.value === '' ? undefined : secret.value;
}

export const untouchedSecret: SecretValue = { value: '', clear: false };
