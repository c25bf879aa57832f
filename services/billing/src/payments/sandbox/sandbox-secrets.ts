import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Client secrets as Stripe shapes them, `${intentId}_secret_${random}`: the browser gets the secret once, the
 * table keeps its SHA-256 only (128 random bits need no slow hash), so a database read cannot confirm a payment.
 */
const clientSecretForm = /^(pi_sandbox_[A-Za-z0-9]+)_secret_([A-Za-z0-9]+)$/;

export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBytes(16).toString('hex')}`;
}

export function hashClientSecret(clientSecret: string): string {
  return createHash('sha256').update(clientSecret).digest('hex');
}

/** The intent a secret names, or null when the text is not a Sandbox client secret at all. */
export function intentIdOf(clientSecret: string): string | null {
  return clientSecretForm.exec(clientSecret)?.[1] ?? null;
}

/** A SetupIntent's secret has the same shape under its own prefix (`seti_…_secret_…`). */
const setupSecretForm = /^(seti_sandbox_[A-Za-z0-9]+)_secret_([A-Za-z0-9]+)$/;

/** The setup a secret names, or null when the text is not a Sandbox setup secret. */
export function setupIdOf(clientSecret: string): string | null {
  return setupSecretForm.exec(clientSecret)?.[1] ?? null;
}

export function clientSecretMatches(clientSecret: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashClientSecret(clientSecret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The random part of `cus_sandbox_…`, `pi_sandbox_…`, `seti_sandbox_…` and `pm_sandbox_…` ids. */
export function randomIdPart(): string {
  return randomBytes(12).toString('hex');
}

/** What a request asked for, so an idempotency key sent again with other parameters can be told apart. */
export function fingerprint(parameters: unknown): string {
  return createHash('sha256').update(JSON.stringify(parameters)).digest('hex');
}
