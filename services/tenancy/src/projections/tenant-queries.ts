import type pg from 'pg';
import type { z } from 'zod';
import {
  dollarsFromCents,
  idSchema,
  providerGroups,
  type Tenant,
  type tenantListQuerySchema,
  type TenantStatus,
} from '@app/contracts';
import { containsPattern, type Page } from '@app/service-kit';
import { createdKeyColumn, newestFirst, newestFirstPage, whereAll } from './newest-first.js';
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
  created_key: string;
};

/** Owner name and email come from the owners table the identity consumer fills; unknown owners read as null. */
const select = `SELECT t.*, o.email AS owner_email, o.first_name AS owner_first_name,
    o.last_name AS owner_last_name, ${createdKeyColumn('t')}
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

export type TenantPageQuery = z.output<typeof tenantListQuerySchema>;

/**
 * A page of tenants, newest first (Admin Dashboard and Portal tenant lists, a user's tenants): `q` in the name or
 * slug through their trigram indexes, `status` and `ownerId` each through an index in the list's order
 * (migrations/105_tenant_list_indexes.sql).
 */
export async function listTenants(db: pg.Pool, query: TenantPageQuery): Promise<Page<Tenant>> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const pattern = query.q === undefined ? null : param(containsPattern(query.q));
  const conditions = [
    pattern === null
      ? null
      : `(lower(t.name) LIKE lower(${pattern}) OR lower(t.slug) LIKE lower(${pattern}))`,
    query.status === undefined ? null : `t.status = ${param(query.status)}`,
    query.ownerId === undefined ? null : `t.owner_id = ${param(query.ownerId)}`,
  ];
  const { after, orderBy } = newestFirst('t', query.cursor, params);
  const { rows } = await db.query<TenantRow>(
    `${select} ${whereAll([...conditions, after])} ${orderBy} LIMIT ${param(query.limit + 1)}`,
    params,
  );
  const page = newestFirstPage(rows, query.limit);
  return { rows: page.rows.map(toTenant), next: page.next };
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
