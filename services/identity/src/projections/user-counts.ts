import type pg from 'pg';
import type { UserSummary } from '@app/contracts';

/** GET /api/admin/users/summary: the counts the triggers of migrations/111 keep with the `users` rows. */
export async function userSummary(db: pg.Pool): Promise<UserSummary> {
  const { rows } = await db.query<{ total_users: string; admin_users: string }>(
    'SELECT total_users, admin_users FROM user_counts',
  );
  const row = rows[0];
  if (!row) throw new Error('user_counts has no row: migrations/111_user_counts.sql inserts it');
  return { totalUsers: Number(row.total_users), adminUsers: Number(row.admin_users) };
}
