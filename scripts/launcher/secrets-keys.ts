import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The key ring tenancy seals provider passwords and metrics keys with (SECRETS_KEYS). On the embedded default it
 * is made once and kept in `<dataDir>/secrets-keys`, readable by its owner only: a new key at every start would
 * leave what is already sealed unreadable.
 */
export async function embeddedSecretsKeys(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secrets-keys');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const keys = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}:${randomBytes(32).toString('base64')}`;
  await writeFile(file, `${keys}\n`, { mode: 0o600 });
  return keys;
}
