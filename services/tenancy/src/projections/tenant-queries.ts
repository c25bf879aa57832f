import type pg from 'pg';
import { dollarsFromCents, idSchema, providerGroups, type Tenant, type TenantStatus } from '@app/contracts';
import { groupColumn } from './tenants.js';

type TenantRow = Record<string, unknown> & {
  id: string;
  name: string;
  slug: string;
  status: TenantStatus;
  owner_id: string | null;
  domain_url: string | null;
  subscription_count: number;
  active_subscriptions: number;
  total_spent_cents: string;
  revision: string;
  created_at: Date;
  owner_email: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
};

/** Owner name and email come from the owners table the identity consumer fills; unknown owners read as null. */
const select = `SELECT t.*, o.email AS owner_email, o.first_name AS owner_first_name,
    o.last_name AS owner_last_name
  FROM tenants t LEFT JOIN owners o ON o.user_id = t.owner_id`;

function ownerOf(row: TenantRow): Tenant['owner'] {
  if (row.owner_email === null) return null;
  const name = [row.owner_first_name, row.owner_last_name].filter((part) => part).join(' ');
  return { name: name === '' ? null : name, email: row.owner_email };
}

function toTenant(row: TenantRow): Tenant {
  const providers: Record<string, string | boolean | null> = {};
  for (const group of providerGroups) {
    const column = groupColumn(group);
    providers[`${group}Url`] = row[`${column}_url`] as string | null;
    providers[`${group}Username`] = row[`${column}_username`] as string | null;
    providers[`${group}PasswordSet`] = row[`${column}_password_set`] as boolean;
  }
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    ownerId: row.owner_id,
    owner: ownerOf(row),
    domainUrl: row.domain_url,
    createdAt: row.created_at.toISOString(),
    subscriptionCount: row.subscription_count,
    activeSubscriptions: row.active_subscriptions,
    totalSpent: dollarsFromCents(Number(row.total_spent_cents)),
    ...(providers as Pick<Tenant, `${(typeof providerGroups)[number]}${'Url' | 'Username'}`> &
      Pick<Tenant, `${(typeof providerGroups)[number]}PasswordSet`>),
  };
}

/** Every tenant, newest first (Admin Dashboard and Portal tenant lists). */
export async function listTenants(db: pg.Pool): Promise<Tenant[]> {
  const { rows } = await db.query<TenantRow>(`${select} ORDER BY t.created_at DESC, t.id DESC`);
  return rows.map(toTenant);
}

/** One tenant and its revision (the ETag); null for an unknown id or one that is not a UUID. */
export async function findTenant(
  db: pg.Pool,
  id: string,
): Promise<{ tenant: Tenant; revision: number } | null> {
  if (!idSchema.safeParse(id).success) return null;
  const { rows } = await db.query<TenantRow>(`${select} WHERE t.id = $1`, [id]);
  const row = rows[0];
  return row ? { tenant: toTenant(row), revision: Number(row.revision) } : null;
}
