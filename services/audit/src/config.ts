import { z } from 'zod';
import {
  databaseAcquireTimeoutMs,
  databaseUrl,
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';

const ownDatabase = 'AUDIT_DATABASE_URL';

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Reused from the event-sourced services; the audit service writes no events, so it has no read-your-writes wait. */
const { READ_YOUR_WRITES_TIMEOUT_MS: _readYourWrites, ...service } = serviceVariables('audit', 3007);

/** The audit service's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = z.object({
  ...service,
  DATABASE_URL: databaseUrl.optional(),
  [ownDatabase]: databaseUrl.optional(),
  /**
   * Smaller than the event-sourced services' 10: its consumers take one message at a time, an export holds one
   * connection for a page at a time, and the platform's services share one Postgres's connections.
   */
  DATABASE_POOL_SIZE: positiveInt(1, 100).default(5),
  DATABASE_ACQUIRE_TIMEOUT_MS: databaseAcquireTimeoutMs,
});

export type AuditConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): AuditConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

/** The audit service's Postgres schema: the entries, whose tenants are whose, and who the users are. */
export const auditSchema = 'audit';
