import type { z } from 'zod';
import { parseConfig } from './parse-config.js';
import { resolveDatabaseUrl, type WithDatabaseUrl } from './service-env.js';

/**
 * A loader for one of a service's environment schemas: parses it (parseConfig) and folds the service's own
 * database variable and the shared DATABASE_URL into DATABASE_URL. A service's config.ts declares one per entry
 * point it has (the server, the seed, the rebuild), each asking only for what that entry needs.
 */
export function databaseConfigLoader<Schema extends z.ZodObject, Own extends string>(
  schema: Schema,
  ownDatabaseVariable: Own,
): (env?: Record<string, string | undefined>) => WithDatabaseUrl<z.output<Schema>, Own> {
  return (env = process.env) => resolveDatabaseUrl(parseConfig(schema, env), ownDatabaseVariable);
}
