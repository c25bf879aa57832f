import type pg from 'pg';
import { ConflictError } from '@app/domain';

/**
 * The platform always keeps an active administrator. Whether another one exists is a fact about other streams,
 * so every command that can take the admin role away (a demotion, a deactivation) runs through `run`, one at a
 * time across all instances: an in-process queue (so waiting requests do not each hold a pooled connection),
 * then a transaction-scoped advisory lock held until the command has appended. Inside, the fact is established
 * and handed to the decider, and no other admin-removing command can make it stale before the append.
 * Promotions need no lock: they only add administrators.
 */
export interface AdminGuard {
  run<T>(userId: string, command: (otherActiveAdminExists: boolean) => Promise<T>): Promise<T>;
}

const lockWaitLimit = '10s';

export function createAdminGuard(
  db: pg.Pool,
  isActiveAdmin: (userId: string) => Promise<boolean>,
): AdminGuard {
  /**
   * Candidates come from the read model; each is confirmed from its own stream, because the read model may not
   * show a demotion that another instance appended (and released the lock after) a moment ago. A promotion it
   * does not show yet can only make the answer "no", a refusal, never a platform without an admin.
   */
  async function otherActiveAdminExists(client: pg.PoolClient, userId: string): Promise<boolean> {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM users WHERE role = 'admin' AND is_active AND id <> $1 ORDER BY created_at",
      [userId],
    );
    for (const { id } of rows) if (await isActiveAdmin(id)) return true;
    return false;
  }

  async function exclusively<T>(userId: string, command: (other: boolean) => Promise<T>): Promise<T> {
    const client = await db.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '${lockWaitLimit}'`);
      await client.query("SELECT pg_advisory_xact_lock(hashtext('identity'), hashtext('admin-roles'))");
      const result = await command(await otherActiveAdminExists(client, userId));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      if ((error as { code?: string }).code === '55P03') {
        throw new ConflictError('Another change to administrators is in progress; please try again');
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(userId, command) {
      const turn = tail.then(() => exclusively(userId, command));
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
