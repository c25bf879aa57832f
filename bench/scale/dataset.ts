/**
 * The synthetic platform the scale bench grows, as pure functions of an index: user `u`, product `p`, tenant `i`
 * and its subscriptions. Everything follows from the index and the run's timeline, so growing from 10,000 to
 * 100,000 tenants makes tenants 10,000 to 99,999 without remembering the first ones, and the measurements can name
 * what they look for (a search word, the popular product, the measured customer) without asking the database.
 */
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  productIcons,
  type StartableSubscriptionStatus,
  type SubscriptionPlan,
  type TenantStatus,
  type UserRole,
} from '@app/contracts';
import { demoAccount } from '@app/demo-fixtures';
import { shape } from './config.js';
import {
  categories,
  colors,
  firstNames,
  lastNames,
  pick,
  plans,
  productKinds,
  productWords,
  tenantAdjectives,
  tenantNouns,
} from './vocabulary.js';

const hour = 3_600_000;
const day = 24 * hour;

/** Where the bench's history sits in time: tenant `i` was created `i` steps after `startMs`. */
export interface Timeline {
  startMs: number;
  tenantStepMs: number;
}

/** Tenants spread over `timelineDays` ending a day before `now`, so the largest size still fits. */
export function timelineOf(now: Date, largestSize: number): Timeline {
  const span = (shape.timelineDays - 1) * day;
  return { startMs: now.getTime() - shape.timelineDays * day, tenantStepMs: Math.floor(span / largestSize) };
}

/**
 * A UUIDv7 like the services make (time first, so ids sort by creation), its random part taken from `key` so the
 * same entity always gets the same id.
 */
export function benchId(key: string, atMs: number): string {
  const random = createHash('sha256').update(key).digest().subarray(0, 16);
  return uuidv7({ msecs: atMs, random: new Uint8Array(random) });
}

const at = (ms: number) => new Date(ms).toISOString();
/** The demo customer (Casey) signs in for the customer's measurements and owns every 100th bench tenant. */
export const measuredCustomer = demoAccount('casey@demo.local');

export function usersFor(tenants: number): number {
  return Math.ceil(tenants / shape.tenantsPerUser);
}

export interface BenchUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  registeredAt: string;
}

/** User `u` registers an hour before the first tenant they own; one in 50 is an admin. */
export function benchUser(u: number, timeline: Timeline): BenchUser {
  const registeredMs = timeline.startMs + u * shape.tenantsPerUser * timeline.tenantStepMs - hour;
  const firstName = pick(firstNames, u);
  const lastName = pick(lastNames, Math.floor(u / firstNames.length));
  return {
    userId: benchId(`user:${u}`, registeredMs),
    email: `${firstName}.${lastName}.${u}@bench.example`.toLowerCase(),
    firstName,
    lastName,
    role: u % 50 === 0 ? 'admin' : 'tenant',
    registeredAt: at(registeredMs),
  };
}

export interface BenchProduct {
  productId: string;
  name: string;
  slug: string;
  description: string;
  basePriceCents: number;
  category: string;
  color: string;
  icon: (typeof productIcons)[number];
  features: string[];
  isActive: boolean;
  createdAt: string;
}

/** Product `p`, in one of eight categories; one in ten is inactive. Product 0, the popular one, is active. */
export function benchProduct(p: number, timeline: Timeline): BenchProduct {
  const createdMs = timeline.startMs - 2 * day + p * 1_000;
  const word = pick(productWords, p);
  const kind = pick(productKinds, Math.floor(p / productWords.length));
  const category = pick(categories, p);
  return {
    productId: benchId(`product:${p}`, createdMs),
    name: `${word} ${kind} ${p}`,
    slug: `${word}-${kind}-${p}`.toLowerCase(),
    description: `${word} ${kind} for ${category.toLowerCase()} teams.`,
    basePriceCents: 900 + (p % 40) * 250,
    category,
    color: pick(colors, p),
    icon: pick(productIcons, p),
    features: ['Dashboards', `${category} reports`, `Tier ${p % 5}`],
    isActive: isActiveProduct(p),
    createdAt: at(createdMs),
  };
}

export function isActiveProduct(p: number): boolean {
  return p % 10 !== 9;
}

/** Every tenant subscribes to it once, so its subscription list and summary grow with the tenants. */
export const popularProduct = 0;

export interface BenchTenant {
  tenantId: string;
  name: string;
  slug: string;
  ownerId: string;
  status: TenantStatus;
  createdAt: string;
  createdMs: number;
}

/** Tenant `i`: owned by the measured customer for every 100th, else by user ⌊i / 5⌋; one in ten suspended. */
export function benchTenant(i: number, timeline: Timeline): BenchTenant {
  const createdMs = timeline.startMs + i * timeline.tenantStepMs;
  const adjective = pick(tenantAdjectives, i);
  const noun = pick(tenantNouns, Math.floor(i / tenantAdjectives.length));
  const owner =
    i % shape.measuredCustomerEvery === 0
      ? measuredCustomer.id
      : benchUser(Math.floor(i / shape.tenantsPerUser), timeline).userId;
  return {
    tenantId: benchId(`tenant:${i}`, createdMs),
    name: `${adjective} ${noun} ${i}`,
    slug: `${adjective}-${noun}-${i}`.toLowerCase(),
    ownerId: owner,
    status: i % 10 === 9 ? 'suspended' : 'active',
    createdAt: at(createdMs),
    createdMs,
  };
}

export interface BenchSubscription {
  subscriptionId: string;
  tenantId: string;
  ownerId: string;
  productId: string;
  plan: SubscriptionPlan;
  startedAs: StartableSubscriptionStatus;
  /** Set when the subscription was cancelled (the Deactivate button) after it started. */
  cancelledAt: string | null;
  amountCents: number;
  startedAt: string;
}

/**
 * Tenant `i`'s three subscriptions: the popular product, then two other active products. Of every 20, 14 start
 * active, 3 on trial, 1 suspended, and 2 start active and are cancelled an hour later. A trial is billed when it
 * ends (billing's TRIAL_DAYS, 14 by default), so trials are recent whatever their tenant's age: started in the ten
 * days before the last one (tenants that old trying a new product), none ends and is billed while the bench runs.
 */
export function benchSubscriptions(tenant: BenchTenant, i: number, timeline: Timeline): BenchSubscription[] {
  const products = subscribedProducts(i);
  return products.map((p, k) => {
    const product = benchProduct(p, timeline);
    const n = i * shape.subscriptionsPerTenant + k;
    const status = startedAs(n % 20);
    const justAfterTenant = tenant.createdMs + (k + 1) * 60_000;
    const lastDay = timeline.startMs + (shape.timelineDays - 1) * day;
    const startedMs =
      status === 'trial' ? Math.max(justAfterTenant, lastDay - (n % 240) * hour) : justAfterTenant;
    return {
      subscriptionId: benchId(`subscription:${n}`, startedMs),
      tenantId: tenant.tenantId,
      ownerId: tenant.ownerId,
      productId: product.productId,
      plan: pick(plans, i + k),
      startedAs: status,
      cancelledAt: n % 20 >= 18 ? at(startedMs + hour) : null,
      amountCents: product.basePriceCents,
      startedAt: at(startedMs),
    };
  });
}

function startedAs(script: number): StartableSubscriptionStatus {
  if (script < 14 || script >= 18) return 'active';
  return script < 17 ? 'trial' : 'suspended';
}

/** The popular product and two distinct other active products, spread over the catalogue. */
export function subscribedProducts(i: number): number[] {
  const chosen = [popularProduct];
  let candidate = 1 + ((i * 37) % (shape.products - 1));
  while (chosen.length < shape.subscriptionsPerTenant) {
    if (isActiveProduct(candidate) && !chosen.includes(candidate)) chosen.push(candidate);
    candidate = 1 + (candidate % (shape.products - 1));
  }
  return chosen;
}

/** The UTC days of usage each user has: `usageDays` of them, ending today. */
export function usageDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: shape.usageDays }, (_, back) =>
    at(today - (shape.usageDays - 1 - back) * day).slice(0, 10),
  );
}

/** API calls of user `u` on the `d`th usage day: between 1 and 500. */
export function usageQuantity(u: number, d: number): number {
  return 1 + ((u * 7 + d * 13) % 500);
}
