import { z } from 'zod';
import { databaseConfigLoader, serviceVariables, storageVariables } from '@app/service-kit/config';

const ownDatabase = 'CATALOG_DATABASE_URL';

/** What the seed and rebuild commands need: storage only. */
const storageSchema = z.object(storageVariables(ownDatabase));

/** The catalogue's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = storageSchema.extend(serviceVariables('catalog', 3001));

export const loadConfig = databaseConfigLoader(serviceSchema, ownDatabase);
export const loadStorageConfig = databaseConfigLoader(storageSchema, ownDatabase);

/** The catalogue's Postgres schema: its read models, checkpoints and idempotency keys live here. */
export const catalogSchema = 'catalog';
