import type pg from 'pg';
import { idSchema, type User, type UserRole } from '@app/contracts';

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  profile_image_url: string | null;
  is_active: boolean;
  stripe_customer_id: string | null;
  revision: string;
  created_at: Date;
  updated_at: Date;
}

const columns = `id, email, first_name, last_name, role, profile_image_url, is_active, stripe_customer_id,
  revision, created_at, updated_at`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    profileImageUrl: row.profile_image_url,
    isActive: row.is_active,
    stripeCustomerId: row.stripe_customer_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Every account, newest first (the Admin Portal's Users tab and its counters). */
export async function listUsers(db: pg.Pool): Promise<User[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users ORDER BY created_at DESC, id DESC`);
  return rows.map(toUser);
}

/** One account and its revision (the ETag); null for an unknown id or one that is not a UUID. */
export async function findUser(db: pg.Pool, id: string): Promise<{ user: User; revision: number } | null> {
  if (!idSchema.safeParse(id).success) return null;
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
  const row = rows[0];
  return row ? { user: toUser(row), revision: Number(row.revision) } : null;
}

/** Emails are stored lower-cased, so this lookup ignores case. */
export async function findUserByEmail(db: pg.Pool, email: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE email = $1`, [
    email.trim().toLowerCase(),
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}
