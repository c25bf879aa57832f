import type pg from 'pg';
import { idSchema, type User, type UserRole } from '@app/contracts';

export interface UserRow {
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

export const userColumns = `u.id, u.email, u.first_name, u.last_name, u.role, u.profile_image_url, u.is_active,
  c.provider_customer_id AS stripe_customer_id, u.revision, u.created_at, u.updated_at`;

/** Users with the provider customer billing made for them, if any (migrations/107). */
export const usersWithCustomers = 'users u LEFT JOIN billing_customers c ON c.user_id = u.id';

const selectUsers = `SELECT ${userColumns} FROM ${usersWithCustomers}`;

export function toUser(row: UserRow): User {
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

/** One account and its revision (the ETag); null for an unknown id or one that is not a UUID. */
export async function findUser(db: pg.Pool, id: string): Promise<{ user: User; revision: number } | null> {
  if (!idSchema.safeParse(id).success) return null;
  const { rows } = await db.query<UserRow>(`${selectUsers} WHERE u.id = $1`, [id]);
  const row = rows[0];
  return row ? { user: toUser(row), revision: Number(row.revision) } : null;
}

/** Emails are stored lower-cased, so this lookup ignores case. */
export async function findUserByEmail(db: pg.Pool, email: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`${selectUsers} WHERE u.email = $1`, [email.trim().toLowerCase()]);
  return rows[0] ? toUser(rows[0]) : null;
}
