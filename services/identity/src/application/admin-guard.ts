import type pg from 'pg';
import { createLeases } from '@app/eventing';
import { identitySchema } from '../config.js';

/**
 * The platform always keeps an active administrator. Whether another one exists is a fact about other streams,
 * so every command that can take the admin role away (a demotion, a deactivation) runs through `run`, one at a
 * time across all instances: an in-process queue (so waiting requests neither poll nor hold anything), then a
 * lease shared by the replicas (leases.ts), held until the command has appended. Inside, the fact is
 * established and handed to the decider, and no other admin-removing command can make it stale before the
 * append. Promotions need no lease: they only add administrators.
 */
export interface AdminGuard {
  run<T>(userId: string, command: (otherActiveAdminExists: boolean) => Promise<T>): Promise<T>;
}

const busyMessage = 'Another change to administrators is in progress; please try again';

export function createAdminGuard(
  db: pg.Pool,
  isActiveAdmin: (userId: string) => Promise<boolean>,
): AdminGuard {
  const leases = createLeases({ db, schema: identitySchema, ttlMs: 15_000, waitMs: 10_000, busyMessage });

  /**
   * Candidates come from the read model; each is confirmed from its own stream, because the read model may not
   * show a demotion that another instance appended (and released the lease after) a moment ago. A promotion it
   * does not show yet can only make the answer "no", a refusal, never a platform without an admin.
   */
  async function otherActiveAdminExists(userId: string): Promise<boolean> {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM users WHERE role = 'admin' AND is_active AND id <> $1 ORDER BY created_at",
      [userId],
    );
    for (const { id } of rows) if (await isActiveAdmin(id)) return true;
    return false;
  }

  const exclusively = <T>(userId: string, command: (other: boolean) => Promise<T>): Promise<T> =>
    leases.exclusively('identity.admin-roles', async (lease) => {
      const other = await otherActiveAdminExists(userId);
      await lease.confirm();
      return command(other);
    });

  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(userId, command) {
      const turn = tail.then(() => exclusively(userId, command));
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
