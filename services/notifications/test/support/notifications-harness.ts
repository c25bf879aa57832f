import type pg from 'pg';
import { inject } from 'vitest';
import { createSchemaDatabase } from '@app/test-support';
import { notificationsSchema } from '../../src/config.js';
import { prepareNotificationsStorage } from '../../src/runtime.js';

export { silentLogger } from '@app/test-support';

export interface NotificationsStorage {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Notifications' schema, migrated, on a database of this test file's own. */
export async function startNotificationsStorage(): Promise<NotificationsStorage> {
  const storage = await createSchemaDatabase(inject('databaseUrl'), notificationsSchema);
  await prepareNotificationsStorage(storage.pool);
  return storage;
}
