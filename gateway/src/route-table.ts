/**
 * The gateway's route table (ARCHITECTURE.md "Gateway"): which service owns which `/api/*` path and who may call
 * it. The gateway enforces `access` as defence in depth; every service enforces it again from the identity token.
 */
export type ServiceName =
  'identity' | 'catalog' | 'tenancy' | 'billing' | 'monitoring' | 'notifications' | 'audit';
export type Access = 'public' | 'signed-in' | 'admin';

export interface RouteEntry {
  /** `/api/a/b` (exact), `/api/a/:id/b` (`:name` is one segment) or `/api/a/*` (one or more further segments). */
  readonly pattern: string;
  readonly service: ServiceName;
  readonly access: Access;
  /** Restricts the entry to these methods (upper case); all methods when absent. */
  readonly methods?: readonly string[];
  /** Takes HTML form posts (the sign-in page); every other entry takes JSON request bodies only. */
  readonly acceptsForms?: true;
  /**
   * Leaving a view as a customer (issue 21 item 3), by leaving it or by signing out: the only writes of a view,
   * so they go as the admin behind it, not as the customer, whose every write is refused.
   */
  readonly leavesView?: true;
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param' } | { kind: 'rest' };

interface CompiledRoute {
  readonly entry: RouteEntry;
  readonly segments: readonly Segment[];
}

/** Compiled and ordered most-specific-first; build with `buildRouteTable`. */
export type RouteTable = readonly CompiledRoute[];

export type ServiceUrls = Partial<Record<ServiceName, string>>;

/**
 * Every entry, grouped by owner (ARCHITECTURE.md "Gateway"), each service's URL in config.ts. Order does not
 * matter: `buildRouteTable` sorts by specificity.
 */
export const routeEntries: readonly RouteEntry[] = [
  // identity: the sign-in page and its forms, sign-out, the signed-in user, admin user management, leaving a view
  // as a customer.
  { pattern: '/api/login', service: 'identity', access: 'public', acceptsForms: true },
  { pattern: '/api/login/*', service: 'identity', access: 'public', acceptsForms: true },
  { pattern: '/api/logout', service: 'identity', access: 'public', leavesView: true },
  { pattern: '/api/auth/*', service: 'identity', access: 'signed-in' },
  {
    pattern: '/api/auth/view-as',
    service: 'identity',
    access: 'signed-in',
    methods: ['DELETE'],
    leavesView: true,
  },
  { pattern: '/api/admin/users', service: 'identity', access: 'admin' },
  { pattern: '/api/admin/users/*', service: 'identity', access: 'admin' },
  // tenancy: tenants, their subscriptions and credentials (admin); a customer's own subscriptions, which they may
  // cancel at the end of the paid period and resume.
  { pattern: '/api/admin/tenants', service: 'tenancy', access: 'admin' },
  { pattern: '/api/admin/tenants/*', service: 'tenancy', access: 'admin' },
  { pattern: '/api/admin/subscriptions/*', service: 'tenancy', access: 'admin' },
  { pattern: '/api/admin/products/:id/subscriptions', service: 'tenancy', access: 'admin' },
  { pattern: '/api/admin/products/:id/subscriptions/summary', service: 'tenancy', access: 'admin' },
  { pattern: '/api/admin/products/:id/subscriptions/export', service: 'tenancy', access: 'admin' },
  { pattern: '/api/subscriptions', service: 'tenancy', access: 'signed-in' },
  { pattern: '/api/subscriptions/:id/cancel', service: 'tenancy', access: 'signed-in' },
  { pattern: '/api/subscriptions/:id/resume', service: 'tenancy', access: 'signed-in' },
  // catalog: visitors and tenants read the catalogue; the catalog service itself decides what each one sees.
  { pattern: '/api/products', service: 'catalog', access: 'public' },
  { pattern: '/api/products/*', service: 'catalog', access: 'public' },
  { pattern: '/api/admin/products', service: 'catalog', access: 'admin' },
  { pattern: '/api/admin/products/*', service: 'catalog', access: 'admin' },
  // billing: which provider takes cards (public), checkout, its Sandbox confirmation and status, a customer's own
  // invoices, usage, card on file (and its replacement), subscriptions' billing periods and plan changes (an
  // admin's for any tenant), revenue analytics and every customer's invoices (admins); the provider's webhooks
  // carry no session and are checked by their signature.
  { pattern: '/api/billing/config', service: 'billing', access: 'public' },
  { pattern: '/api/billing/sandbox/confirm', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/sandbox/confirm-setup', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/payment-method', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/payment-method/setups', service: 'billing', access: 'signed-in' },
  {
    pattern: '/api/billing/payment-method/setups/:setupId/complete',
    service: 'billing',
    access: 'signed-in',
  },
  { pattern: '/api/billing/payments/:paymentIntentId', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/subscriptions', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/subscriptions/:id/plan', service: 'billing', access: 'signed-in' },
  { pattern: '/api/billing/subscriptions/:id/plan/complete', service: 'billing', access: 'signed-in' },
  { pattern: '/api/admin/billing/subscriptions', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/billing/subscriptions/:id/plan', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/billing/revenue', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/billing/revenue/export', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/billing/invoices', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/billing/invoices/export', service: 'billing', access: 'admin' },
  { pattern: '/api/create-payment-intent', service: 'billing', access: 'signed-in' },
  { pattern: '/api/invoices', service: 'billing', access: 'signed-in' },
  { pattern: '/api/invoices/:id/pay', service: 'billing', access: 'signed-in' },
  { pattern: '/api/invoices/:invoiceId', service: 'billing', access: 'signed-in' },
  { pattern: '/api/invoices/:invoiceId/pdf', service: 'billing', access: 'signed-in' },
  { pattern: '/api/usage', service: 'billing', access: 'signed-in' },
  { pattern: '/api/webhooks/*', service: 'billing', access: 'public' },
  // monitoring: tenant apps' metrics and the platform's health, for admins.
  { pattern: '/api/tenant-metrics/*', service: 'monitoring', access: 'admin' },
  { pattern: '/api/admin/health', service: 'monitoring', access: 'admin' },
  // notifications: a tenant's webhook endpoints, for its owner (the service checks the tenant is theirs) and for
  // admins (before tenancy's /api/admin/tenants/*, as more specific). Not /api/webhooks/*: billing's, public.
  { pattern: '/api/tenant-webhooks/*', service: 'notifications', access: 'signed-in' },
  { pattern: '/api/admin/tenants/:tenantId/webhooks/*', service: 'notifications', access: 'admin' },
  // audit: the trail of every change for admins, and each customer's own part of it (the service scopes it).
  { pattern: '/api/admin/audit', service: 'audit', access: 'admin' },
  { pattern: '/api/admin/audit/export', service: 'audit', access: 'admin' },
  { pattern: '/api/activity', service: 'audit', access: 'signed-in' },
  { pattern: '/api/activity/export', service: 'audit', access: 'signed-in' },
];

/** Keeps only the entries of configured services, so an unconfigured service's paths answer 404, not 503. */
export function buildRouteTable(
  services: ServiceUrls,
  entries: readonly RouteEntry[] = routeEntries,
): RouteTable {
  return entries
    .filter((entry) => services[entry.service] !== undefined)
    .map((entry) => ({ entry, segments: compilePattern(entry.pattern) }))
    .sort((a, b) => compareSpecificity(a.segments, b.segments));
}

/**
 * The entry that owns `method path`, or null. `path` is the raw request path without the query string. Paths that
 * a server could read differently from us (dot segments, encoded slashes or backslashes, empty segments, bad
 * percent-encoding) match nothing, so a trick path can never reach a service under a more lenient entry.
 */
export function matchRoute(table: RouteTable, method: string, path: string): RouteEntry | null {
  const segments = safeSegments(path);
  if (segments === null) return null;
  const upperMethod = method.toUpperCase();
  for (const route of table) {
    if (route.entry.methods !== undefined && !route.entry.methods.includes(upperMethod)) continue;
    if (segmentsMatch(route.segments, segments)) return route.entry;
  }
  return null;
}

/** Decoded path segments after the leading slash, or null when the path is not a plain, unambiguous /api/ path. */
export function safeSegments(path: string): string[] | null {
  if (!path.startsWith('/api/') || path.includes('?') || path.includes('#')) return null;
  const raw = path.slice(1).split('/');
  const decoded: string[] = [];
  for (const segment of raw) {
    if (segment === '' || /%2f|%5c|\\/i.test(segment)) return null;
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused here
    if (value === '.' || value === '..' || /[\u0000-\u001f\u007f]/.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

function compilePattern(pattern: string): Segment[] {
  if (!pattern.startsWith('/api/')) throw new Error(`Route pattern must start with /api/: ${pattern}`);
  const parts = pattern.slice(1).split('/');
  return parts.map((part, index) => {
    if (part === '') throw new Error(`Route pattern has an empty segment: ${pattern}`);
    if (part === '*') {
      if (index !== parts.length - 1) throw new Error(`'*' must be the last segment: ${pattern}`);
      return { kind: 'rest' };
    }
    if (part.startsWith(':')) return { kind: 'param' };
    if (part.includes('*') || part.includes(':')) throw new Error(`Unsupported route pattern: ${pattern}`);
    return { kind: 'literal', value: part };
  });
}

function segmentsMatch(pattern: readonly Segment[], path: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i += 1) {
    const part = pattern[i];
    const value = path[i];
    if (part === undefined) return false;
    if (part.kind === 'rest') return value !== undefined;
    if (value === undefined) return false;
    if (part.kind === 'literal' && part.value !== value) return false;
  }
  return pattern.length === path.length;
}

const rank = { literal: 3, param: 2, rest: 1 } as const;

/** Literal before `:param` before `*` at the first differing segment; longer before shorter otherwise. */
function compareSpecificity(a: readonly Segment[], b: readonly Segment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) {
    const diff = rank[(b[i] as Segment).kind] - rank[(a[i] as Segment).kind];
    if (diff !== 0) return diff;
  }
  return b.length - a.length;
}
